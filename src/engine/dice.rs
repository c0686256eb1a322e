//! Dice are an input to the engine, never ambient (DESIGN: "Dice are data").
//!
//! The engine asks a [`Dice`] for every roll with a [`RollRequest`] saying what it is for; the
//! answer comes back as faces, and the engine returns every roll it made as data
//! ([`Roll`], inside the events), so the archive can store it and a replay can give it back.
//!
//! Implementations: [`SeededDice`] for live play (ChaCha8 from a 64-bit seed, with its own
//! unbiased face mapping, so a seed gives the same faces on every platform and every version of
//! Kepi), [`RecordedDice`] for replay, [`FixedDice`] for tests, and [`ForcedDice`], which wraps
//! another source and overrides chosen rolls ("what if that roll had been a 6?").

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// `count` dice of `sides` faces: 1d6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DiceSpec {
    pub count: u8,
    pub sides: u8,
}

impl DiceSpec {
    pub const D6: DiceSpec = DiceSpec { count: 1, sides: 6 };
}

impl std::fmt::Display for DiceSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)
    }
}

/// What a roll is for, as the engine asks for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollRequest {
    /// "fire combat", ...
    pub purpose: String,
    pub spec: DiceSpec,
    /// What is being resolved: attacker and defender, odds column, modifiers.
    pub context: serde_json::Value,
}

/// A roll as made: what it was for and the faces. `forced` marks a face chosen by a player in
/// a branch rather than drawn or recorded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub purpose: String,
    pub spec: DiceSpec,
    pub faces: Vec<u8>,
    pub total: u32,
    pub context: serde_json::Value,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forced: bool,
}

/// The faces a source gives for one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rolled {
    pub faces: Vec<u8>,
    pub forced: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    #[error("the recorded dice ran out at roll {index} ({purpose})")]
    Exhausted { index: usize, purpose: String },
    #[error("roll {index} ({purpose}) needs {spec}, but the record has faces {faces:?}")]
    Mismatch {
        index: usize,
        purpose: String,
        spec: DiceSpec,
        faces: Vec<u8>,
    },
}

/// A source of dice faces.
pub trait Dice {
    fn roll(&mut self, request: &RollRequest) -> Result<Rolled, DiceError>;
}

fn faces_fit(spec: DiceSpec, faces: &[u8]) -> bool {
    faces.len() == spec.count as usize && faces.iter().all(|f| (1..=spec.sides).contains(f))
}

/// Live dice: ChaCha8 seeded from a u64 (little-endian in the first 8 bytes of the 32-byte
/// seed, the rest zero). Faces by rejection sampling on `next_u32`, so the mapping is Kepi's
/// own and cannot change under a library upgrade. `draws` counts the u32 words taken, so a game
/// can be resumed from (seed, draws).
#[derive(Clone, Debug)]
pub struct SeededDice {
    seed: u64,
    rng: ChaCha8Rng,
    draws: u64,
}

impl SeededDice {
    pub fn new(seed: u64) -> SeededDice {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        SeededDice {
            seed,
            rng: ChaCha8Rng::from_seed(bytes),
            draws: 0,
        }
    }

    /// The same stream, `draws` words in.
    pub fn resume(seed: u64, draws: u64) -> SeededDice {
        let mut d = SeededDice::new(seed);
        for _ in 0..draws {
            d.rng.next_u32();
        }
        d.draws = draws;
        d
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn draws(&self) -> u64 {
        self.draws
    }

    fn face(&mut self, sides: u8) -> u8 {
        // Accept the largest multiple of `sides` words, so every face is equally likely.
        let s = sides.max(1) as u64;
        let words = 1u64 << 32;
        let accept = words - words % s;
        loop {
            let v = self.rng.next_u32() as u64;
            self.draws += 1;
            if v < accept {
                return (v % s + 1) as u8;
            }
        }
    }
}

impl Dice for SeededDice {
    fn roll(&mut self, request: &RollRequest) -> Result<Rolled, DiceError> {
        let faces = (0..request.spec.count)
            .map(|_| self.face(request.spec.sides))
            .collect();
        Ok(Rolled {
            faces,
            forced: false,
        })
    }
}

/// Replay: the faces recorded in the archive, in order; each must fit the request.
#[derive(Clone, Debug, Default)]
pub struct RecordedDice {
    rolls: VecDeque<(Vec<u8>, bool)>,
    index: usize,
}

impl RecordedDice {
    pub fn new(rolls: impl IntoIterator<Item = Roll>) -> RecordedDice {
        RecordedDice {
            rolls: rolls.into_iter().map(|r| (r.faces, r.forced)).collect(),
            index: 0,
        }
    }

    /// Rolls not yet used.
    pub fn remaining(&self) -> usize {
        self.rolls.len()
    }
}

impl Dice for RecordedDice {
    fn roll(&mut self, request: &RollRequest) -> Result<Rolled, DiceError> {
        let index = self.index;
        self.index += 1;
        let (faces, forced) = self.rolls.pop_front().ok_or_else(|| DiceError::Exhausted {
            index,
            purpose: request.purpose.clone(),
        })?;
        if !faces_fit(request.spec, &faces) {
            return Err(DiceError::Mismatch {
                index,
                purpose: request.purpose.clone(),
                spec: request.spec,
                faces,
            });
        }
        Ok(Rolled { faces, forced })
    }
}

/// Tests and `kepi play --dice 6,3`: one face per die, in order.
#[derive(Clone, Debug, Default)]
pub struct FixedDice {
    faces: VecDeque<u8>,
    index: usize,
}

impl FixedDice {
    pub fn new(faces: impl IntoIterator<Item = u8>) -> FixedDice {
        FixedDice {
            faces: faces.into_iter().collect(),
            index: 0,
        }
    }

    pub fn remaining(&self) -> usize {
        self.faces.len()
    }
}

impl Dice for FixedDice {
    fn roll(&mut self, request: &RollRequest) -> Result<Rolled, DiceError> {
        let index = self.index;
        self.index += 1;
        let mut faces = Vec::new();
        for _ in 0..request.spec.count {
            faces.push(self.faces.pop_front().ok_or_else(|| DiceError::Exhausted {
                index,
                purpose: request.purpose.clone(),
            })?);
        }
        if !faces_fit(request.spec, &faces) {
            return Err(DiceError::Mismatch {
                index,
                purpose: request.purpose.clone(),
                spec: request.spec,
                faces,
            });
        }
        Ok(Rolled {
            faces,
            forced: false,
        })
    }
}

/// Another source with chosen rolls (by 0-based index of the request) replaced. A forced roll
/// still consumes the inner source's roll, so the rolls after it are the ones the inner source
/// would have given anyway.
pub struct ForcedDice<'a> {
    inner: &'a mut dyn Dice,
    forced: BTreeMap<usize, Vec<u8>>,
    index: usize,
}

impl<'a> ForcedDice<'a> {
    pub fn new(inner: &'a mut dyn Dice, forced: BTreeMap<usize, Vec<u8>>) -> ForcedDice<'a> {
        ForcedDice {
            inner,
            forced,
            index: 0,
        }
    }
}

impl Dice for ForcedDice<'_> {
    fn roll(&mut self, request: &RollRequest) -> Result<Rolled, DiceError> {
        let index = self.index;
        self.index += 1;
        let drawn = self.inner.roll(request)?;
        match self.forced.remove(&index) {
            Some(faces) if faces_fit(request.spec, &faces) => Ok(Rolled {
                faces,
                forced: true,
            }),
            Some(faces) => Err(DiceError::Mismatch {
                index,
                purpose: request.purpose.clone(),
                spec: request.spec,
                faces,
            }),
            None => Ok(drawn),
        }
    }
}

/// Another source whose next rolls take faces from a queue (`kepi play --dice 6,3`), marked
/// forced; the inner source is still drawn from, so later rolls stay what they would have been.
pub struct QueuedDice<'a> {
    inner: &'a mut dyn Dice,
    queue: &'a mut VecDeque<u8>,
}

impl<'a> QueuedDice<'a> {
    pub fn new(inner: &'a mut dyn Dice, queue: &'a mut VecDeque<u8>) -> QueuedDice<'a> {
        QueuedDice { inner, queue }
    }
}

impl Dice for QueuedDice<'_> {
    fn roll(&mut self, request: &RollRequest) -> Result<Rolled, DiceError> {
        let drawn = self.inner.roll(request)?;
        if self.queue.len() < request.spec.count as usize {
            return Ok(drawn);
        }
        let faces: Vec<u8> = self.queue.drain(..request.spec.count as usize).collect();
        if !faces_fit(request.spec, &faces) {
            return Err(DiceError::Mismatch {
                index: 0,
                purpose: request.purpose.clone(),
                spec: request.spec,
                faces,
            });
        }
        Ok(Rolled {
            faces,
            forced: true,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req() -> RollRequest {
        RollRequest {
            purpose: "test".into(),
            spec: DiceSpec::D6,
            context: serde_json::Value::Null,
        }
    }

    #[test]
    fn seeded_dice_are_pinned_per_seed() {
        // Golden faces: if these change, every recorded live game would replay differently.
        let mut d = SeededDice::new(42);
        let faces: Vec<u8> = (0..12).map(|_| d.roll(&req()).unwrap().faces[0]).collect();
        assert_eq!(faces, GOLDEN_SEED_42);
        let mut again = SeededDice::new(42);
        let same: Vec<u8> = (0..12)
            .map(|_| again.roll(&req()).unwrap().faces[0])
            .collect();
        assert_eq!(faces, same);
    }

    const GOLDEN_SEED_42: [u8; 12] = [4, 6, 2, 3, 5, 2, 1, 1, 1, 4, 2, 3];

    #[test]
    fn seeded_dice_resume_where_they_stopped() {
        let mut d = SeededDice::new(7);
        for _ in 0..5 {
            d.roll(&req()).unwrap();
        }
        let mut r = SeededDice::resume(7, d.draws());
        for _ in 0..20 {
            assert_eq!(d.roll(&req()).unwrap(), r.roll(&req()).unwrap());
        }
    }

    #[test]
    fn every_die_size_is_fair() {
        for sides in [2u8, 4, 6, 8, 10, 20] {
            let mut d = SeededDice::new(sides as u64);
            let spec = DiceSpec { count: 1, sides };
            let r = RollRequest { spec, ..req() };
            let mut counts = vec![0u32; sides as usize];
            let n = 2_000 * sides as u32;
            for _ in 0..n {
                counts[d.roll(&r).unwrap().faces[0] as usize - 1] += 1;
            }
            for c in &counts {
                assert!((1_800..=2_200).contains(c), "d{sides}: {counts:?}");
            }
        }
    }

    #[test]
    fn seeded_faces_are_fair_over_many_rolls() {
        let mut d = SeededDice::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[d.roll(&req()).unwrap().faces[0] as usize - 1] += 1;
        }
        for c in counts {
            assert!((9_400..=10_600).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn recorded_and_fixed_dice_give_back_and_run_out() {
        let mut f = FixedDice::new([6, 3]);
        assert_eq!(f.roll(&req()).unwrap().faces, [6]);
        assert_eq!(f.roll(&req()).unwrap().faces, [3]);
        assert!(matches!(
            f.roll(&req()),
            Err(DiceError::Exhausted { index: 2, .. })
        ));
        let mut bad = FixedDice::new([7]);
        assert!(matches!(bad.roll(&req()), Err(DiceError::Mismatch { .. })));
        let roll = Roll {
            purpose: "x".into(),
            spec: DiceSpec::D6,
            faces: vec![4],
            total: 4,
            context: serde_json::Value::Null,
            forced: true,
        };
        let mut r = RecordedDice::new([roll]);
        assert_eq!(
            r.roll(&req()).unwrap(),
            Rolled {
                faces: vec![4],
                forced: true
            }
        );
        assert!(r.roll(&req()).is_err());
    }

    #[test]
    fn forced_dice_override_one_roll_and_keep_the_stream() {
        let mut live = SeededDice::new(3);
        let plain: Vec<u8> = (0..4)
            .map(|_| live.roll(&req()).unwrap().faces[0])
            .collect();
        let mut inner = SeededDice::new(3);
        let mut forced = ForcedDice::new(&mut inner, BTreeMap::from([(1, vec![6])]));
        let got: Vec<Rolled> = (0..4).map(|_| forced.roll(&req()).unwrap()).collect();
        assert_eq!(
            got[1],
            Rolled {
                faces: vec![6],
                forced: true
            }
        );
        for i in [0, 2, 3] {
            assert_eq!(got[i].faces[0], plain[i]);
            assert!(!got[i].forced);
        }
    }
}
