//! The module's counters: one picture and one piece per unit type and side, and the markers
//! the Rifle & Saber rules use, each drawn by the core's renderer.
//!
//! Invariant: image names are unique per (side, unit type) and per marker, and contain only
//! letters, digits and `-` (safe in a zip and in VASSAL's `;`/`/`/tab encodings).

use super::pieces::Piece;
pub use crate::engine::rifle_and_saber::counters::values_line;
use crate::engine::rifle_and_saber::setup::Setup;
use crate::render::{CounterPicture, CounterSymbol, render_counter};
use crate::tables::catalog::Arm;
use image::RgbaImage;

/// Indices of [`MARKERS`].
pub const DISRUPTED: usize = 0;
pub const LIMBERED: usize = 1;
pub const TRENCH: usize = 2;
pub const IMPROVED_POSITION: usize = 3;
pub const CHARGE: usize = 4;

/// A marker of the rules: its key, the word on it and its colour.
pub const MARKERS: [(&str, &str, [u8; 3]); 5] = [
    ("disrupted", "DISR", [0xf0, 0xc8, 0x20]),
    ("limbered", "LIMB", [0xb0, 0xb0, 0xb0]),
    ("trench", "TRENCH", [0x8a, 0x6a, 0x40]),
    ("improved-position", "IMP POS", [0xc8, 0xa8, 0x78]),
    ("charge", "CHARGE", [0xe0, 0x60, 0x20]),
];

fn symbol(arm: Arm) -> CounterSymbol {
    match arm {
        Arm::Infantry => CounterSymbol::Infantry,
        Arm::Cavalry => CounterSymbol::Cavalry,
        Arm::MountedRifles => CounterSymbol::MountedRifles,
        Arm::Artillery => CounterSymbol::Artillery,
        Arm::MachineGun => CounterSymbol::MachineGun,
    }
}

fn slug(s: &str) -> String {
    let mut o: String = s
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    o.truncate(40);
    o
}

/// A unit type's values as piece properties (the counter's printed values and its side).
pub fn unit_properties(setup: &Setup, side: usize, kind: usize) -> Vec<(String, String)> {
    let k = &setup.kinds[kind];
    let mut p = vec![
        ("Side".to_string(), setup.sides[side].name.clone()),
        ("Type".to_string(), k.code.clone()),
        ("TypeName".to_string(), k.name.clone()),
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

/// The image file name of a side's unit type.
pub fn unit_image(setup: &Setup, side: usize, kind: usize) -> String {
    format!(
        "unit-{}-{}.png",
        slug(&setup.sides[side].id),
        slug(&setup.kinds[kind].code)
    )
}

/// The picture of a side's unit type.
pub fn unit_picture(setup: &Setup, kind: usize, fill: [u8; 3], size: u32) -> RgbaImage {
    let k = &setup.kinds[kind];
    render_counter(&CounterPicture {
        size,
        fill,
        symbol: Some(symbol(k.arm)),
        top: k.code.clone(),
        bottom: values_line(k),
    })
}

/// The piece of one unit: its label as name, its type's picture and values, its group.
pub fn unit_piece(setup: &Setup, unit: usize) -> Piece {
    let u = &setup.units[unit];
    let mut properties = unit_properties(setup, u.side, u.kind);
    if let Some(g) = &u.group {
        properties.push(("Group".to_string(), g.clone()));
    }
    Piece {
        name: u.label.clone(),
        image: unit_image(setup, u.side, u.kind),
        properties,
    }
}

pub fn marker_image(key: &str) -> String {
    format!("marker-{key}.png")
}

pub fn marker_picture(word: &str, fill: [u8; 3], size: u32) -> RgbaImage {
    render_counter(&CounterPicture {
        size,
        fill,
        symbol: None,
        top: word.to_string(),
        bottom: String::new(),
    })
}

/// The piece of a marker.
pub fn marker_piece(key: &str, word: &str) -> Piece {
    Piece {
        name: word.to_string(),
        image: marker_image(key),
        properties: vec![("Marker".to_string(), key.to_string())],
    }
}
