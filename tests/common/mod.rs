//! Test harness for rule cases: a small map drawn from terrain rows, a two-sided scenario on
//! it (Blue moves first, Red deploys first, both may deploy anywhere), and a game driven with
//! fixed dice.
#![allow(dead_code)]

use kepi::engine::dice::FixedDice;
use kepi::engine::rifle_and_saber::GameOptions;
use kepi::engine::rifle_and_saber::command::{Command, Event};
use kepi::engine::rifle_and_saber::state::{Phase, State, UnitId};
use kepi::engine::{RifleAndSaber, RuleError, Ruleset};
use kepi::map::{HexCoord, Map};
use kepi::scenario::{Scenario, ScenarioFile};
use kepi::tables::RulesetTables;
use serde_json::{Value, json};

/// Terrain characters: . clear, w woods, v village, s slope, r river, f ford, b bridge.
pub struct MapSpec<'a> {
    pub rows: &'a [&'a str],
    pub elevation: Option<&'a [&'a str]>,
    /// (hex, hex, feature)
    pub hexsides: &'a [(&'a str, &'a str, &'a str)],
    pub roads: &'a [&'a [&'a str]],
    /// (code, hexes)
    pub features: &'a [(&'a str, &'a [&'a str])],
}

impl Default for MapSpec<'_> {
    fn default() -> Self {
        MapSpec {
            rows: &[
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
                "..........",
            ],
            elevation: None,
            hexsides: &[],
            roads: &[],
            features: &[],
        }
    }
}

pub fn map_json(spec: &MapSpec) -> Value {
    let rows = spec.rows.len();
    let cols = spec.rows[0].chars().count();
    let mut v = json!({
        "format": "kepi-map", "version": 1, "id": "test", "name": "Test",
        "ruleset": "rifle-and-saber",
        "grid": {"orientation": "flat", "shove": "even", "columns": cols, "rows": rows},
        "terrain": {"legend": {".": "clear", "w": "woods", "v": "village", "s": "slope",
                               "r": "river", "f": "ford", "b": "bridge"},
                    "rows": spec.rows},
        "hexsides": spec.hexsides.iter().map(|(a, b, f)| json!({"between": [a, b], "features": [f]})).collect::<Vec<_>>(),
        "routes": spec.roads.iter().map(|r| json!({"kind": "road", "hexes": r})).collect::<Vec<_>>(),
        "features": spec.features.iter().map(|(c, h)| json!({"code": c, "hexes": h})).collect::<Vec<_>>(),
    });
    if let Some(e) = spec.elevation {
        v["elevation"] = json!({ "rows": e });
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
    let catalog = RulesetTables::rifle_and_saber().catalog.clone();
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
            .find(|&u| self.s.label(u) == label)
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
            let u = self.id(label);
            self.ok(
                Command::Deploy {
                    unit: u,
                    hex: hex(h),
                    limbered: false,
                },
                &[],
            );
        }
        self.ok(Command::EndDeployment, &[]);
        for (label, h) in blue {
            let u = self.id(label);
            self.ok(
                Command::Deploy {
                    unit: u,
                    hex: hex(h),
                    limbered: false,
                },
                &[],
            );
        }
        self.ok(Command::EndDeployment, &[]);
        assert_eq!(self.s.phase, Phase::Fire);
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
