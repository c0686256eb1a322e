//! What is decided while play goes on, as a system keeps it in its state (the evaluator reads
//! and writes it through these traits; the state's shape, which is hashed, stays the system's).

use serde::{Deserialize, Serialize};

/// A condition decided: met or not, and the words that say how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decided {
    pub met: bool,
    pub detail: String,
}

/// The parts of `all`/`any` entries decided at their own game-turns, by path ("0.1": entry 0,
/// part 1; "0.1.2" deeper).
pub trait Parts {
    /// The part decided at `path`, with its words (or only "met"/"not met" when the record
    /// keeps no words).
    fn part(&self, path: &str) -> Option<Decided>;
    fn set_part(&mut self, path: &str, d: &Decided);
}

/// Everything decided of a scenario's entries: each entry (by its index), their parts, and the
/// hold streaks of `hold_for_turns` entries.
pub trait Record: Parts {
    /// Entry `i`, once decided: met or not. Set once, never changed.
    fn entry(&self, i: usize) -> Option<bool>;
    fn set_entry(&mut self, i: usize, d: &Decided);
    /// The words entry `i` was decided with, when the record keeps them (else they are
    /// recalled from the position: `decide::recall`).
    fn words(&self, i: usize) -> Option<String>;
    /// The consecutive game-turns each side has held entry `i`'s target.
    fn streak(&self, i: usize) -> [u32; 2];
    fn set_streak(&mut self, i: usize, side: usize, turns: u32);
    /// The parts an entry is decided with "now", as if its game-turn were this one (a
    /// sudden-death entry before its own game-turn, an open entry in the report): the parts
    /// decided at their own game-turns, or none (every part decided afresh), as the system has
    /// always played it.
    fn parts_now(&self) -> Box<dyn Parts>;
}

impl Parts for std::collections::BTreeMap<String, Decided> {
    fn part(&self, path: &str) -> Option<Decided> {
        self.get(path).cloned()
    }
    fn set_part(&mut self, path: &str, d: &Decided) {
        self.insert(path.to_string(), d.clone());
    }
}

/// A record of met or not only: a part read back is "met" or "not met".
impl Parts for std::collections::BTreeMap<String, bool> {
    fn part(&self, path: &str) -> Option<Decided> {
        self.get(path).map(|&met| Decided {
            met,
            detail: super::facts::yes(met).to_string(),
        })
    }
    fn set_part(&mut self, path: &str, d: &Decided) {
        self.insert(path.to_string(), d.met);
    }
}

/// A record kept as one map of what is decided, entries under their index ("0") and parts
/// under their path ("0.1"), each with its words, and the hold streaks by entry: a shape a
/// system's state may keep as it is (`decided`, `streaks`).
///
/// Invariant: an entry's path is one number, never read as a part's.
pub struct ByPath {
    pub decided: std::collections::BTreeMap<String, Decided>,
    pub streaks: Vec<[u32; 2]>,
    /// Whether an entry decided "now" decides its parts afresh (as a system may always have
    /// played it) rather than keep the parts decided at their own game-turns.
    pub fresh_parts: bool,
}

impl Parts for ByPath {
    fn part(&self, path: &str) -> Option<Decided> {
        self.decided.part(path)
    }
    fn set_part(&mut self, path: &str, d: &Decided) {
        self.decided.set_part(path, d)
    }
}

impl Record for ByPath {
    fn entry(&self, i: usize) -> Option<bool> {
        self.decided.get(&i.to_string()).map(|d| d.met)
    }
    fn set_entry(&mut self, i: usize, d: &Decided) {
        self.decided.set_part(&i.to_string(), d)
    }
    fn words(&self, i: usize) -> Option<String> {
        self.decided.get(&i.to_string()).map(|d| d.detail.clone())
    }
    fn streak(&self, i: usize) -> [u32; 2] {
        self.streaks.get(i).copied().unwrap_or_default()
    }
    fn set_streak(&mut self, i: usize, side: usize, turns: u32) {
        self.streaks[i][side] = turns;
    }
    fn parts_now(&self) -> Box<dyn Parts> {
        if self.fresh_parts {
            Box::new(std::collections::BTreeMap::<String, Decided>::new())
        } else {
            Box::new(self.decided.clone())
        }
    }
}
