//! Rifle & Saber's position as the views draw it ([`Board`]): each unit's counter with its
//! printed values and markers, trenches and improved positions, morale per side, and the
//! deployment areas while a side deploys.

use super::scenario::Morale;
use super::setup::UnitKind;
use super::state::{Location, Phase, State};
use crate::engine::counters::{
    BackLook, Board, Counter, CounterLayout, CounterText, DeploymentArea, FacingLook, HexMarker,
    MarkerKind, Place, SideStanding, Symbol,
};
use crate::tables::Arm;

/// The counter's symbol: the arm, with horse artillery told apart by its code ("MAh", "BAh":
/// R&S 4(H) horse artillery moves as cavalry).
fn symbol(k: &UnitKind) -> Symbol {
    match k.arm {
        _ if k.road_only => Symbol::Other,
        Arm::Infantry => Symbol::Infantry,
        Arm::Cavalry => Symbol::Cavalry,
        Arm::MountedRifles => Symbol::MountedRifles,
        Arm::Artillery if k.code.ends_with('h') => Symbol::HorseArtillery,
        Arm::Artillery => Symbol::Artillery,
        Arm::MachineGun => Symbol::MachineGun,
    }
}

/// The printed values line: "3-2-4" (fire attack, fire defense, movement); artillery shows
/// canister/shot attack "2/4-1-3" (R&S 5.1(F)).
pub fn values_line(k: &UnitKind) -> String {
    let attack = match k.shot_attack {
        Some(s) => format!("{}/{}", k.fire_attack, s),
        None => k.fire_attack.to_string(),
    };
    format!("{attack}-{}-{}", k.fire_defense, k.movement)
}

/// A unit type's printed values by name (R&S 4: the counter's values; 5.1(F) artillery's shot).
pub fn named_values(k: &UnitKind) -> Vec<(String, String)> {
    let mut p = vec![
        ("Fire".to_string(), k.fire_attack.to_string()),
        ("Defense".to_string(), k.fire_defense.to_string()),
        ("Range".to_string(), k.range.to_string()),
        ("Movement".to_string(), k.movement.to_string()),
        ("Shock".to_string(), k.shock.to_string()),
        ("Stacking".to_string(), k.stacking.to_string()),
    ];
    if let Some(s) = k.shot_attack {
        p.push(("Shot".to_string(), s.to_string()));
    }
    if let Some(r) = k.shot_range {
        p.push(("ShotRange".to_string(), r.to_string()));
    }
    p
}

/// How R&S's counters print (R&S 2.3: the numbers "always in the same position for a
/// particular characteristic"): the type code above the symbol and the values line below
/// ([`values_line`]); no corners ("Shock Combat Strengths are not actually printed on the
/// playing pieces"), no facing. The back is the front darker with the word of the back marker,
/// DISR ([`markers`]).
pub fn counter_layout() -> CounterLayout {
    CounterLayout {
        top: CounterText::Code,
        bottom: CounterText::Values,
        corners: Vec::new(),
        facing: FacingLook::Notch,
        back: BackLook::Darker,
    }
}

/// The markers [`board`] shows, as printed.
pub fn markers() -> Vec<MarkerKind> {
    vec![
        MarkerKind::new("disrupted", "DISR", [0xf0, 0xc8, 0x20]).back(), // R&S 6.0
        MarkerKind::new("limbered", "LIMB", [0xb0, 0xb0, 0xb0]),         // R&S 4(H)
        MarkerKind::new("charging", "CHARGE", [0xe0, 0x60, 0x20]),       // R&S 4(K)
        MarkerKind::new("road_mode", "ROAD", [0xc0, 0xc0, 0x90]),        // R&S 10.5
        MarkerKind::new("dismounted", "DISMT", [0x90, 0xb0, 0x90]),      // R&S 4(L)
        MarkerKind::new("fired", "FIRED", [0xd0, 0xd0, 0xd0]).transient(),
        MarkerKind::new("shocked", "SHOCK", [0xd0, 0xd0, 0xd0]).transient(),
        MarkerKind::new("moved", "MOVED", [0xd0, 0xd0, 0xd0]).transient(),
        MarkerKind::new("trench", "TRENCH", [0x8a, 0x6a, 0x40]), // R&S 10.3
        MarkerKind::new("improved_position", "IMP POS", [0xc8, 0xa8, 0x78]), // R&S 10.2
        MarkerKind::new("work", "WORK", [0xe0, 0xd0, 0xb0]),     // R&S 10.2
    ]
}

fn morale_word(m: Morale) -> &'static str {
    match m {
        Morale::High => "high",
        Morale::Normal => "normal",
        Morale::Demoralized => "demoralized",
    }
}

pub fn board(s: &State) -> Board {
    let setup = &s.setup;
    // A unit type's printed values, formatted once a board (the archive builds one a command).
    let printed: Vec<(String, Vec<(String, String)>)> = setup
        .kinds
        .iter()
        .map(|k| (values_line(k), named_values(k)))
        .collect();
    let counters = s
        .units
        .iter()
        .enumerate()
        .map(|(id, u)| {
            let k = &setup.kinds[u.kind];
            let (values, properties) = &printed[u.kind];
            let unit = &setup.units[id];
            let (place, hex) = match u.location {
                Location::Off => (Place::Off, None),
                Location::Hex(h) => (Place::Map, Some(setup.name(h))),
                Location::Exited | Location::Withdrawn => (Place::Exited, None),
                Location::Eliminated => (Place::Eliminated, None),
            };
            let mut markers = Vec::new();
            let mut mark = |on: bool, key: &str| {
                if on {
                    markers.push(key.to_string());
                }
            };
            mark(u.disrupted(), "disrupted"); // R&S 6.0
            mark(u.limbered, "limbered"); // R&S 4(H)
            mark(u.charging, "charging"); // R&S 4(K)
            mark(u.road_mode, "road_mode"); // R&S 10.5
            mark(u.mounted_kind.is_some(), "dismounted"); // R&S 4(L)
            mark(u.fired, "fired");
            mark(u.shocked, "shocked");
            mark(u.moved > 0 && s.phase == Phase::Movement, "moved");
            let arrives = match (u.location, unit.arrival) {
                (Location::Off, Some((turn, e))) => Some(format!(
                    "game-turn {turn} at {}",
                    setup.entries[e]
                        .iter()
                        .map(|h| setup.name(*h))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
                _ => None,
            };
            Counter {
                id: s.label(id).to_string(),
                side: unit.side,
                code: k.code.clone(),
                kind: k.name.clone(),
                symbol: symbol(k),
                values: values.clone(),
                place,
                hex,
                order: u.order,
                markers,
                group: unit.group.clone(),
                arrives,
                properties: properties.clone(),
                facing: None,
            }
        })
        .collect();
    let mut hex_markers: Vec<HexMarker> = Vec::new();
    let owner = |h| s.occupant(h);
    for h in &s.trenches {
        hex_markers.push(HexMarker {
            hex: setup.name(*h),
            marker: "trench".into(), // R&S 10.3
            side: owner(*h),
        });
    }
    for h in &s.improved {
        hex_markers.push(HexMarker {
            hex: setup.name(*h),
            marker: "improved_position".into(), // R&S 10.2
            side: owner(*h),
        });
    }
    for w in &s.work {
        hex_markers.push(HexMarker {
            hex: setup.name(w.hex),
            marker: "work".into(), // R&S 10.2: done after two friendly player-turns
            side: Some(w.side),
        });
    }
    let sides = (0..2)
        .map(|i| {
            let mut notes = Vec::new();
            if s.phase == Phase::Deployment {
                if s.trenches_left[i] > 0 {
                    notes.push(format!("{} trenches to place", s.trenches_left[i]));
                }
                if s.improved_left[i] > 0 {
                    notes.push(format!(
                        "{} improved positions to place",
                        s.improved_left[i]
                    ));
                }
            }
            if s.eliminated[i] > 0 {
                notes.push(format!("{} units eliminated", s.eliminated[i]));
            }
            if s.points != [0, 0] {
                notes.push(format!("{} victory points", s.points[i]));
            }
            SideStanding {
                morale: setup
                    .options
                    .morale
                    .then(|| morale_word(s.morale[i]).into()),
                notes,
            }
        })
        .collect();
    let deployment = if s.phase == Phase::Deployment {
        setup
            .deployments
            .iter()
            .filter(|d| d.side == s.player)
            .map(|d| DeploymentArea {
                side: d.side,
                text: d.text.clone(),
                hexes: d.hexes.iter().map(|h| setup.name(*h)).collect(),
            })
            .collect()
    } else {
        Vec::new()
    };
    Board {
        counters,
        hex_markers,
        sides,
        deployment,
        cards: Vec::new(),
    }
}
