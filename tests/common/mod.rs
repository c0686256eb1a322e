//! Test harness for rule cases: a small map built from clear ground ([`MapSpec`]), a two-sided
//! scenario on it (Blue moves first, Red deploys first, both may deploy anywhere), a game
//! driven with fixed dice and the commands of the rule cases ([`Game`]), and what the events
//! say (fire and shock results, retreats, eliminations).
#![allow(dead_code)]

pub mod aor;
pub mod cli;
pub mod nc;
pub mod rk;
pub mod scale;
pub mod system;
pub mod vassal;
pub mod vv;

use kepi::engine::dice::FixedDice;
use kepi::engine::rifle_and_saber::command::{Command, Event};
use kepi::engine::rifle_and_saber::state::{Ammo, Phase, State, UnitId};
use kepi::engine::rifle_and_saber::tables::Tables;
use kepi::engine::rifle_and_saber::{GameOptions, legal};
use kepi::engine::{RifleAndSaber, RuleError, Ruleset};
use kepi::map::{HexCoord, Map};
use kepi::scenario::{Scenario, ScenarioFile};
use serde_json::{Value, json};

/// A test map, built by naming what differs from clear level ground:
/// `MapSpec::clear(10, 10).with("w", &["0504"]).ridge("0504", "0505").road(&["0502", "0503"])`.
/// Terrain codes: . clear, w woods, v village, s slope, r river, f ford, b bridge. Hexes are
/// printed names ("0504": column 05, row 04); the grid is flat-topped with even columns
/// shoved down, as the Rifle & Saber map.
#[derive(Clone, Debug)]
pub struct MapSpec {
    /// Terrain codes, `terrain[row - 1][column - 1]`.
    terrain: Vec<Vec<char>>,
    /// Levels, as `terrain`; `None` writes no elevation at all.
    elevation: Option<Vec<Vec<u8>>>,
    /// (hex, hex, feature)
    hexsides: Vec<(String, String, String)>,
    roads: Vec<Vec<String>>,
    /// (code, hexes)
    features: Vec<(String, Vec<String>)>,
}

/// Ten by ten hexes of clear terrain, the map most rule cases use.
impl Default for MapSpec {
    fn default() -> Self {
        MapSpec::clear(10, 10)
    }
}

fn strings(hexes: &[&str]) -> Vec<String> {
    hexes.iter().map(|h| h.to_string()).collect()
}

impl MapSpec {
    /// `columns` x `rows` hexes of clear terrain, no elevation, hexsides, roads or features.
    pub fn clear(columns: u16, rows: u16) -> MapSpec {
        MapSpec {
            terrain: vec![vec!['.'; columns as usize]; rows as usize],
            elevation: None,
            hexsides: Vec::new(),
            roads: Vec::new(),
            features: Vec::new(),
        }
    }

    fn cell(&mut self, h: &str) -> &mut char {
        let c = hex(h);
        self.terrain
            .get_mut(c.row as usize - 1)
            .and_then(|r| r.get_mut(c.col as usize - 1))
            .unwrap_or_else(|| panic!("{h} is off the test map"))
    }

    fn code(code: &str) -> char {
        assert!(
            code.len() == 1 && ".wvsrfb".contains(code),
            "terrain code {code}"
        );
        code.chars().next().expect("one character")
    }

    /// Terrain `code` in these hexes.
    pub fn with(mut self, code: &str, hexes: &[&str]) -> MapSpec {
        let c = Self::code(code);
        for h in hexes {
            *self.cell(h) = c;
        }
        self
    }

    /// Terrain `code` in every hex.
    pub fn fill(mut self, code: &str) -> MapSpec {
        let c = Self::code(code);
        for row in &mut self.terrain {
            row.fill(c);
        }
        self
    }

    /// Terrain `code` in every hex of printed row `row` (a river across the map).
    pub fn row(mut self, code: &str, row: u16) -> MapSpec {
        let c = Self::code(code);
        self.terrain[row as usize - 1].fill(c);
        self
    }

    /// Terrain `code` in every hex of printed column `column` (a corridor down the map).
    pub fn column(mut self, code: &str, column: u16) -> MapSpec {
        let c = Self::code(code);
        for row in &mut self.terrain {
            row[column as usize - 1] = c;
        }
        self
    }

    /// Elevation `level` in these hexes (every other hex at level 0).
    pub fn level(mut self, level: u8, hexes: &[&str]) -> MapSpec {
        assert!(level <= 9, "levels are written as one digit");
        let (rows, cols) = (self.terrain.len(), self.terrain[0].len());
        let e = self
            .elevation
            .get_or_insert_with(|| vec![vec![0; cols]; rows]);
        for h in hexes {
            let c = hex(h);
            e[c.row as usize - 1][c.col as usize - 1] = level;
        }
        self
    }

    /// A hexside feature between two adjacent hexes.
    pub fn hexside(mut self, a: &str, b: &str, feature: &str) -> MapSpec {
        self.hexsides
            .push((a.to_string(), b.to_string(), feature.to_string()));
        self
    }

    /// A ridge hexside between two adjacent hexes.
    pub fn ridge(self, a: &str, b: &str) -> MapSpec {
        self.hexside(a, b, "ridge")
    }

    /// A road through these hexes, in order.
    pub fn road(mut self, hexes: &[&str]) -> MapSpec {
        self.roads.push(strings(hexes));
        self
    }

    /// A named feature (hill "H1", village "V8", ...) made of these hexes.
    pub fn feature(mut self, code: &str, hexes: &[&str]) -> MapSpec {
        self.features.push((code.to_string(), strings(hexes)));
        self
    }
}

/// Woods everywhere but column 05: retreats down the column are the only all-clear paths.
pub fn corridor() -> MapSpec {
    MapSpec::default().fill("w").column(".", 5)
}

pub fn map_json(spec: &MapSpec) -> Value {
    let rows: Vec<String> = spec.terrain.iter().map(|r| r.iter().collect()).collect();
    let cols = spec.terrain[0].len();
    let mut v = json!({
        "format": "kepi-map", "version": 1, "id": "test", "name": "Test",
        "ruleset": "rifle-and-saber",
        "grid": {"orientation": "flat", "shove": "even", "columns": cols, "rows": rows.len()},
        "terrain": {"legend": {".": "clear", "w": "woods", "v": "village", "s": "slope",
                               "r": "river", "f": "ford", "b": "bridge"},
                    "rows": rows},
        "hexsides": spec.hexsides.iter().map(|(a, b, f)| json!({"between": [a, b], "features": [f]})).collect::<Vec<_>>(),
        "routes": spec.roads.iter().map(|r| json!({"kind": "road", "hexes": r})).collect::<Vec<_>>(),
        "features": spec.features.iter().map(|(c, h)| json!({"code": c, "hexes": h})).collect::<Vec<_>>(),
    });
    if let Some(e) = &spec.elevation {
        let rows: Vec<String> = e
            .iter()
            .map(|r| r.iter().map(|l| l.to_string()).collect())
            .collect();
        v["elevation"] = json!({ "rows": rows });
    }
    v
}

pub fn all_hexes(map: &Map) -> Vec<String> {
    map.grid.hexes().map(|h| map.grid.name(h)).collect()
}

/// A scenario with Blue (moves first) and Red (deploys first) able to deploy anywhere.
pub fn scenario_json(map: &Map, blue: &str, red: &str, length: u32) -> Value {
    let all = all_hexes(map);
    json!({
        "format": "kepi-scenario", "version": 1, "id": "test", "ruleset": "rifle-and-saber",
        "title": "Test", "date": "1870", "map": "test",
        "sides": [
            {"id": "blue", "name": "Blue", "color": "blue", "oob": blue},
            {"id": "red", "name": "Red", "color": "red", "oob": red}
        ],
        "deploys_first": "red", "moves_first": "blue",
        "deployment": [
            {"side": "red", "zone": {"text": "anywhere", "hexes": all.clone()}},
            {"side": "blue", "zone": {"text": "anywhere", "hexes": all}}
        ],
        "game_length": length,
        "victory": [{"text": "Blue must hold 0101.", "rule": {"kind": "hold", "side": "blue",
                     "target": {"hexes": ["0101"], "require": "every_hex"}}}]
    })
}

pub fn build(map: Value, scenario: Value) -> Scenario {
    let map = Map::from_text(&map.to_string()).unwrap_or_else(|p| panic!("map: {p}"));
    let file =
        ScenarioFile::from_text(&scenario.to_string()).unwrap_or_else(|p| panic!("scenario: {p}"));
    let catalog = Tables::embedded().catalog.clone();
    Scenario::new(file, map, catalog).unwrap_or_else(|p| panic!("scenario: {p}"))
}

pub struct Game {
    pub s: State,
}

pub fn hex(name: &str) -> HexCoord {
    name.parse().unwrap()
}

impl Game {
    pub fn from_scenario(scenario: &Scenario, options: GameOptions) -> Game {
        Game {
            s: RifleAndSaber.start(scenario, &options).unwrap(),
        }
    }

    /// A game on `spec` with these orders of battle, default options.
    pub fn new(spec: &MapSpec, blue: &str, red: &str) -> Game {
        Game::with(spec, blue, red, GameOptions::default(), |_| {})
    }

    pub fn with(
        spec: &MapSpec,
        blue: &str,
        red: &str,
        options: GameOptions,
        edit: impl Fn(&mut Value),
    ) -> Game {
        let mj = map_json(spec);
        let map = Map::from_text(&mj.to_string()).unwrap();
        let mut sj = scenario_json(&map, blue, red, 10);
        edit(&mut sj);
        Game::from_scenario(&build(mj, sj), options)
    }

    pub fn id(&self, label: &str) -> UnitId {
        (0..self.s.units.len())
            .find(|&u| self.s.answers_to(u, label))
            .unwrap_or_else(|| panic!("no unit {label}"))
    }

    pub fn hex_of(&self, label: &str) -> Option<String> {
        self.s.units[self.id(label)]
            .hex()
            .map(|h| self.s.setup.name(h))
    }

    /// Apply a command with these dice; all of them must be used.
    pub fn run(&mut self, c: Command, dice: &[u8]) -> Result<Vec<Event>, RuleError> {
        let mut d = FixedDice::new(dice.iter().copied());
        let before = self.s.hash();
        match RifleAndSaber.apply(&self.s, &c, &mut d) {
            Ok((next, events)) => {
                assert_eq!(d.remaining(), 0, "unused dice after {c:?}");
                self.s = next;
                Ok(events)
            }
            Err(e) => {
                assert_eq!(self.s.hash(), before, "a refused command changes nothing");
                Err(e)
            }
        }
    }

    pub fn ok(&mut self, c: Command, dice: &[u8]) -> Vec<Event> {
        let desc = format!("{c:?}");
        self.run(c, dice)
            .unwrap_or_else(|e| panic!("{desc} refused: {e}"))
    }

    /// The refusal's text; panics if the command is accepted.
    pub fn refused(&mut self, c: Command) -> String {
        let desc = format!("{c:?}");
        match self.run(c, &[]) {
            Ok(_) => panic!("{desc} was accepted"),
            Err(e) => e.to_string(),
        }
    }

    /// Deploy Red's units, then Blue's; the game starts in Blue's Fire Combat Phase.
    pub fn setup(&mut self, red: &[(&str, &str)], blue: &[(&str, &str)]) {
        for (label, h) in red {
            self.deploy(label, h).unwrap_or_else(|e| panic!("{e}"));
        }
        self.ok(Command::EndDeployment, &[]);
        for (label, h) in blue {
            self.deploy(label, h).unwrap_or_else(|e| panic!("{e}"));
        }
        self.ok(Command::EndDeployment, &[]);
        assert_eq!(self.s.phase, Phase::Fire);
    }

    /// Apply a command on unit `label` made by `c` (`Command::Limber { unit }`...), no dice.
    pub fn unit_cmd(
        &mut self,
        c: impl FnOnce(UnitId) -> Command,
        label: &str,
    ) -> Result<Vec<Event>, String> {
        let u = self.id(label);
        self.run(c(u), &[]).map_err(|e| e.to_string())
    }

    /// Set unit `label` up at `h` (guns unlimbered).
    pub fn deploy(&mut self, label: &str, h: &str) -> Result<Vec<Event>, String> {
        self.unit_cmd(
            |unit| Command::Deploy {
                unit,
                hex: hex(h),
                limbered: false,
            },
            label,
        )
    }

    /// Set gun `label` up limbered at `h`.
    pub fn deploy_limbered(&mut self, label: &str, h: &str) -> Result<Vec<Event>, String> {
        self.unit_cmd(
            |unit| Command::Deploy {
                unit,
                hex: hex(h),
                limbered: true,
            },
            label,
        )
    }

    /// Allocate `label`'s fire at `target` (R&S 5.1), no ammunition named.
    pub fn fire(&mut self, label: &str, target: &str) -> Result<Vec<Event>, String> {
        self.fire_with(label, target, None)
    }

    /// Allocate `label`'s fire at `target` with this ammunition (artillery, R&S 5.1(F)).
    pub fn fire_with(
        &mut self,
        label: &str,
        target: &str,
        ammo: Option<Ammo>,
    ) -> Result<Vec<Event>, String> {
        self.unit_cmd(
            |unit| Command::Fire {
                unit,
                target: hex(target),
                ammo,
            },
            label,
        )
    }

    /// Allocate `label`'s shock attack on `target` (R&S 5.2).
    pub fn shock(&mut self, label: &str, target: &str) -> Result<Vec<Event>, String> {
        self.unit_cmd(
            |unit| Command::Shock {
                unit,
                target: hex(target),
            },
            label,
        )
    }

    /// Charge (R&S 4(K)) `label` along `path`.
    pub fn charge(&mut self, label: &str, path: &[&str]) -> Result<Vec<Event>, String> {
        self.unit_cmd(
            |unit| Command::Move {
                unit,
                path: path.iter().map(|h| hex(h)).collect(),
                charge: true,
            },
            label,
        )
    }

    /// Answer pending retreat and shock-loss decisions with the first legal choice.
    pub fn settle(&mut self) {
        while self.s.pending.is_some() {
            let c = legal(&self.s).remove(0);
            self.ok(c, &[]);
        }
    }

    /// End phases until `side`'s `phase`.
    pub fn to(&mut self, side: usize, phase: Phase) {
        let mut guard = 0;
        while !(self.s.player == side && self.s.phase == phase) {
            self.ok(Command::EndPhase, &[]);
            guard += 1;
            assert!(guard < 20, "never reached {phase:?} of side {side}");
        }
    }

    /// End phases until the game is over; the outcome.
    pub fn play_out(&mut self) -> kepi::engine::rifle_and_saber::state::Outcome {
        let mut guard = 0;
        while self.s.phase != Phase::Over {
            self.ok(Command::EndPhase, &[]);
            guard += 1;
            assert!(guard < 200, "the game never ended");
        }
        self.s.outcome.clone().expect("an outcome")
    }

    pub fn mv(&mut self, label: &str, path: &[&str]) -> Result<Vec<Event>, RuleError> {
        let u = self.id(label);
        self.run(
            Command::Move {
                unit: u,
                path: path.iter().map(|h| hex(h)).collect(),
                charge: false,
            },
            &[],
        )
    }

    pub fn disrupted(&self, label: &str) -> bool {
        self.s.units[self.id(label)].disrupted()
    }

    pub fn eliminated(&self, label: &str) -> bool {
        self.s.units[self.id(label)].location
            == kepi::engine::rifle_and_saber::state::Location::Eliminated
    }
}

pub fn fired(events: &[Event]) -> Vec<(String, String, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::FireResolved {
                odds,
                result,
                attack,
                ..
            } => Some((odds.clone(), result.clone(), attack.to_string())),
            _ => None,
        })
        .collect()
}

/// The shock combats resolved: (attack, defense).
pub fn shock_resolved(events: &[Event]) -> Vec<(String, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::ShockResolved {
                attack, defense, ..
            } => Some((attack.to_string(), defense.to_string())),
            _ => None,
        })
        .collect()
}

/// The retreats: (unit, hexes entered).
pub fn retreated(events: &[Event], g: &Game) -> Vec<(String, Vec<String>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Retreated { unit, path } => Some((
                g.s.label(*unit).to_string(),
                path.iter().map(|h| g.s.setup.name(*h)).collect(),
            )),
            _ => None,
        })
        .collect()
}

/// The eliminations: (unit, reason).
pub fn eliminations(events: &[Event], g: &Game) -> Vec<(String, String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Eliminated { unit, reason } => {
                Some((g.s.label(*unit).to_string(), reason.clone()))
            }
            _ => None,
        })
        .collect()
}
