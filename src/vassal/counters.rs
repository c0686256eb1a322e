//! The module's counters: one picture per look (side, type, symbol, printed values) and one
//! piece per unit, from the position's neutral [`Board`]; and the markers of the rule system
//! ([`AnyRuleset::markers`]), each drawn by the core's renderer.
//!
//! Invariant: image names contain only letters, digits and `-` (safe in a zip and in VASSAL's
//! `;`/`/`/tab encodings); [`Looks`] gives each look its own name, numbering looks whose
//! names would otherwise be the same.

use super::pieces::Piece;
use crate::engine::counters::{Counter, CounterLayout, MarkerKind, Symbol};
use crate::render::{CounterPicture, render_counter};
use image::RgbaImage;

pub fn slug(s: &str) -> String {
    let mut o: String = s
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    o.truncate(40);
    o
}

/// What a counter's picture shows: side, symbol, and the texts the layout prints (top, bottom,
/// the corners').
type Look = (usize, Symbol, Vec<String>);

/// The texts `layout` prints on `c`'s counter, in its order.
fn printed(c: &Counter, layout: &CounterLayout) -> Vec<String> {
    let mut out = vec![layout.top.of(c), layout.bottom.of(c)];
    out.extend(layout.corners.iter().map(|k| k.text.of(c)));
    out
}

/// The picture file of every look, each its own: the name says side, type, symbol and values,
/// numbered ("-2") when two looks would slug to the same name.
#[derive(Default)]
pub struct Looks {
    names: std::collections::BTreeMap<Look, String>,
    taken: std::collections::BTreeSet<String>,
}

impl Looks {
    /// The picture file of `c`'s look, and whether the look is new (its picture is to draw).
    pub fn image(&mut self, side_id: &str, c: &Counter, layout: &CounterLayout) -> (String, bool) {
        let look: Look = (c.side, c.symbol, printed(c, layout));
        if let Some(name) = self.names.get(&look) {
            return (name.clone(), false);
        }
        let base = format!(
            "unit-{}-{}-{}-{}",
            slug(side_id),
            slug(&c.code),
            slug(&format!("{:?}", c.symbol)),
            slug(&c.values)
        );
        let mut name = format!("{base}.png");
        let mut n = 1;
        while self.taken.contains(&name) {
            n += 1;
            name = format!("{base}-{n}.png");
        }
        self.taken.insert(name.clone());
        self.names.insert(look, name.clone());
        (name, true)
    }
}

/// The picture of a counter, as its system's layout prints it.
pub fn unit_picture(c: &Counter, layout: &CounterLayout, fill: [u8; 3], size: u32) -> RgbaImage {
    render_counter(&CounterPicture::of_unit(c, layout, fill, size))
}

/// A unit's piece properties: its side, type, type in words, printed values and the values by
/// name the system gives ([`Counter::properties`]), and its group.
pub fn unit_properties(side: &str, c: &Counter) -> Vec<(String, String)> {
    let mut p = vec![
        ("Side".to_string(), side.to_string()),
        ("Type".to_string(), c.code.clone()),
        ("TypeName".to_string(), c.kind.clone()),
        ("Values".to_string(), c.values.clone()),
    ];
    p.extend(c.properties.iter().cloned());
    if let Some(g) = &c.group {
        p.push(("Group".to_string(), g.clone()));
    }
    p
}

/// The piece of one unit: its name in commands as the piece's name, its look's picture.
pub fn unit_piece(image: &str, side_name: &str, c: &Counter) -> Piece {
    Piece {
        name: c.id.clone(),
        image: image.to_string(),
        properties: unit_properties(side_name, c),
        // Degrees clockwise from north, a multiple of 30: the rotate trait's index.
        facing: c.facing.map(|d| ((d / 30) % 12) as u8),
    }
}

pub fn marker_image(key: &str) -> String {
    format!("marker-{}.png", slug(key))
}

/// The picture of a marker: its colour in a band along the top edge with its word's first
/// letter (as a unit's tag in the app shows it), the word under it.
pub fn marker_picture(m: &MarkerKind, size: u32) -> RgbaImage {
    render_counter(&CounterPicture::of_marker(m, size))
}

/// The piece of a marker.
pub fn marker_piece(m: &MarkerKind) -> Piece {
    Piece {
        name: m.word.clone(),
        image: marker_image(&m.key),
        properties: vec![("Marker".to_string(), m.key.clone())],
        facing: None,
    }
}
