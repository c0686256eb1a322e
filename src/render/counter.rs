//! Counter pictures: one square counter of a unit type in its side's colour, or a marker, as
//! the printed counters show them (a unit-type box with the NATO symbol, the code above, the
//! printed values below, or what the system's [`CounterLayout`] puts there and in the
//! corners). Used by the VASSAL export; deterministic like every picture here.
//!
//! Invariant: the picture is `size` x `size` pixels, opaque, with a dark border one pixel or
//! more wide; text that does not fit is drawn at the smallest font scale and clipped by the
//! picture, never wrapped.

use super::font::{Font, fold};
use super::raster::Color;
use super::scenario::side_colors;
use super::surface::Surface;
use crate::engine::counters::{Corner, Counter, CounterLayout};
use crate::scenario::Scenario;
use image::RgbaImage;

/// The symbol in a unit counter's box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterSymbol {
    /// A cross from corner to corner.
    Infantry,
    /// One diagonal.
    Cavalry,
    /// Cross and a bar below: infantry that rides.
    MountedRifles,
    /// A filled dot.
    Artillery,
    /// A dot with two bars: machine gun.
    MachineGun,
}

/// What a counter shows.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterPicture {
    /// Width and height in pixels (at least 16).
    pub size: u32,
    /// Background, `[r, g, b]`.
    pub fill: [u8; 3],
    /// The unit-type symbol; `None` for a marker (text only).
    pub symbol: Option<CounterSymbol>,
    /// Printed above the box ("MZ"), or a marker's word.
    pub top: String,
    /// Printed below ("3-2-4").
    pub bottom: String,
    /// Values in the corners, each with whether it is printed in a ring.
    pub corners: Vec<(Corner, String, bool)>,
}

impl CounterPicture {
    /// The picture of `c`'s counter as `layout` prints it.
    pub fn of_unit(
        c: &Counter,
        layout: &CounterLayout,
        symbol: Option<CounterSymbol>,
        fill: [u8; 3],
        size: u32,
    ) -> CounterPicture {
        CounterPicture {
            size,
            fill,
            symbol,
            top: layout.top.of(c),
            bottom: layout.bottom.of(c),
            corners: layout
                .corners
                .iter()
                .map(|k| (k.corner, k.text.of(c), k.ring))
                .filter(|(_, t, _)| !t.is_empty())
                .collect(),
        }
    }
}

/// Each side's colour as the scenario picture draws it, `[r, g, b]`.
pub fn side_rgb(s: &Scenario) -> [[u8; 3]; 2] {
    side_colors(s).map(|c| [c.r, c.g, c.b])
}

/// The largest font scale at which `text` fits in `width` pixels (at least 1).
fn text_scale(text: &str, width: u32, max: u32) -> u32 {
    (1..=max)
        .rev()
        .find(|&k| Font::Label.width(text, k) <= width)
        .unwrap_or(1)
}

/// `text` centred across the counter, folded into what the label font draws (capitals, digits,
/// its symbols: "div-heth" is printed "DIV-HETH", never with unknown glyphs; folding keeps one
/// character for one, so the width measured before is the width drawn).
fn centred_text(img: &mut dyn Surface, width: i64, text: &str, y: i64, k: u32, c: Color) {
    let text = fold(text);
    let w = Font::Label.width(&text, k) as i64;
    let x = (width - w) / 2;
    img.text(&text, x, y, k, Font::Label, c);
}

/// Draw a counter.
pub fn render_counter(p: &CounterPicture) -> RgbaImage {
    let s = p.size.max(16);
    let mut img = RgbaImage::new(s, s);
    draw_counter(&mut img, p);
    img
}

/// Draw a counter on `img` with its top-left corner at (0, 0), `p.size.max(16)` pixels square.
pub(crate) fn draw_counter(img: &mut dyn Surface, p: &CounterPicture) {
    let s = p.size.max(16);
    let fill = Color::rgb(p.fill[0], p.fill[1], p.fill[2]);
    let ink = if fill.luma() > 0.55 {
        Color::rgb(0x10, 0x10, 0x10)
    } else {
        Color::rgb(0xff, 0xff, 0xff)
    };
    let si = s as i64;
    img.rect(0, 0, si, si, fill.shade(0.55));
    let b = (s / 24).max(1) as i64;
    img.rect(b, b, si - 2 * b, si - 2 * b, fill);
    let max_k = (s / 24).max(1);
    let text_w = s.saturating_sub(4 * b as u32);
    let line_h = |k: u32| Font::Label.height(k) as i64;
    match p.symbol {
        Some(symbol) => {
            // Box: the middle half of the counter, white with a dark outline.
            let (bw, bh) = (si * 11 / 20, si * 7 / 20);
            let (bx, by) = ((si - bw) / 2, si * 30 / 100);
            img.rect(
                bx - b,
                by - b,
                bw + 2 * b,
                bh + 2 * b,
                Color::rgb(0x10, 0x10, 0x10),
            );
            img.rect(bx, by, bw, bh, Color::rgb(0xfa, 0xfa, 0xf5));
            let dark = Color::rgb(0x10, 0x10, 0x10);
            let lw = (s as f64 / 28.0).max(1.0);
            let (x0, y0, x1, y1) = (bx as f64, by as f64, (bx + bw) as f64, (by + bh) as f64);
            let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
            let cross = |img: &mut dyn Surface| {
                img.segment((x0, y0), (x1, y1), lw, dark);
                img.segment((x0, y1), (x1, y0), lw, dark);
            };
            let dot = |img: &mut dyn Surface| {
                let r = (bh as f64 / 5.0).max(1.5);
                img.fill(&[super::raster::disc((cx, cy), r)], dark);
            };
            match symbol {
                CounterSymbol::Infantry => cross(img),
                CounterSymbol::Cavalry => img.segment((x0, y1), (x1, y0), lw, dark),
                CounterSymbol::MountedRifles => {
                    cross(img);
                    let yb = y1 - lw * 1.5;
                    img.segment((x0 + lw, yb), (x1 - lw, yb), lw, dark);
                }
                CounterSymbol::Artillery => dot(img),
                CounterSymbol::MachineGun => {
                    dot(img);
                    let dx = bw as f64 / 4.0;
                    img.segment((cx - dx, y0 + lw), (cx - dx, y1 - lw), lw, dark);
                    img.segment((cx + dx, y0 + lw), (cx + dx, y1 - lw), lw, dark);
                }
            }
            // The code fits between the border and the box, with a border's width of space.
            let fit_h = ((by - 4 * b).max(7) / 7) as u32;
            let kt = text_scale(&p.top, text_w, max_k.min(fit_h.max(1)));
            centred_text(img, si, &p.top, b + (by - 2 * b - line_h(kt)) / 2, kt, ink);
            let kb = text_scale(&p.bottom, text_w, max_k);
            let below = by + bh + b;
            centred_text(
                img,
                si,
                &p.bottom,
                below + (si - below - line_h(kb)) / 2,
                kb,
                ink,
            );
            // Corner values: in the band above or below the box, beside the centred text.
            let band = [(b, by - b), (below, si - b)];
            for (corner, text, ring) in &p.corners {
                let (y0, y1) = match corner {
                    Corner::TopLeft | Corner::TopRight => band[0],
                    Corner::BottomLeft | Corner::BottomRight => band[1],
                };
                let text = fold(text);
                let k = text_scale(&text, s / 4, max_k);
                let (w, h) = (Font::Label.width(&text, k) as i64, line_h(k));
                let cy = (y0 + y1) / 2;
                let cx = match corner {
                    Corner::TopLeft | Corner::BottomLeft => 2 * b + w.max(h) / 2 + b,
                    Corner::TopRight | Corner::BottomRight => si - 2 * b - w.max(h) / 2 - b,
                };
                if *ring {
                    let r = (w.max(h) as f64) * 0.75 + b as f64;
                    let c = (cx as f64, cy as f64);
                    img.fill(&[super::raster::disc(c, r)], ink);
                    let inner = (r - b as f64).max(1.0);
                    img.fill(&[super::raster::disc(c, inner)], fill);
                }
                img.text(&text, cx - w / 2, cy - h / 2, k, Font::Label, ink);
            }
        }
        None => {
            let kt = text_scale(&p.top, text_w, max_k);
            let kb = text_scale(&p.bottom, text_w, max_k);
            let gap = b * 2;
            let total = line_h(kt)
                + if p.bottom.is_empty() {
                    0
                } else {
                    gap + line_h(kb)
                };
            let y = (si - total) / 2;
            centred_text(img, si, &p.top, y, kt, ink);
            if !p.bottom.is_empty() {
                centred_text(img, si, &p.bottom, y + line_h(kt) + gap, kb, ink);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counter_is_square_with_its_fill_and_border() {
        let p = CounterPicture {
            size: 48,
            fill: [0x23, 0x55, 0xc8],
            symbol: Some(CounterSymbol::Infantry),
            top: "MZ".into(),
            bottom: "3-2-4".into(),
            corners: Vec::new(),
        };
        let img = render_counter(&p);
        assert_eq!(img.dimensions(), (48, 48));
        // Inside the border, above the box: the side's colour (left of the centred code).
        assert_eq!(img.get_pixel(4, 4).0, [0x23, 0x55, 0xc8, 255]);
        // The border is darker.
        assert_ne!(img.get_pixel(0, 0).0, [0x23, 0x55, 0xc8, 255]);
        // The symbol's cross passes through the box's centre.
        let c = img.get_pixel(24, 30).0;
        assert!(c[0] < 0x80, "{c:?}");
        // Markers differ from units.
        let m = render_counter(&CounterPicture {
            symbol: None,
            top: "DISR".into(),
            bottom: String::new(),
            ..p.clone()
        });
        assert_ne!(m, img);
    }

    #[test]
    fn a_layout_prints_its_corner_values_and_rings() {
        use crate::engine::counters::{CornerText, CounterText, FacingLook, Place, Symbol};
        let unit = Counter {
            id: "West FT 1".into(),
            side: 0,
            code: "FT".into(),
            kind: "Foot".into(),
            symbol: Symbol::Infantry,
            values: "3-2-2".into(),
            place: Place::Map,
            hex: Some("0101".into()),
            order: 0,
            markers: Vec::new(),
            group: None,
            arrives: None,
            properties: vec![
                ("Attack".into(), "3".into()),
                ("Defense".into(), "2".into()),
            ],
            facing: Some(0),
        };
        let value = |name: &str| CounterText::Property { name: name.into() };
        let layout = CounterLayout {
            top: CounterText::Code,
            bottom: CounterText::Nothing,
            corners: vec![
                CornerText {
                    corner: Corner::BottomLeft,
                    text: value("Attack"),
                    ring: false,
                },
                CornerText {
                    corner: Corner::BottomRight,
                    text: value("Defense"),
                    ring: true,
                },
                // A name the counter lacks prints nothing.
                CornerText {
                    corner: Corner::TopRight,
                    text: value("Morale"),
                    ring: true,
                },
            ],
            facing: FacingLook::Turned,
        };
        let fill = [0x23, 0x55, 0xc8];
        let p = CounterPicture::of_unit(&unit, &layout, Some(CounterSymbol::Infantry), fill, 64);
        assert_eq!((p.top.as_str(), p.bottom.as_str()), ("FT", ""));
        assert_eq!(
            p.corners,
            vec![
                (Corner::BottomLeft, "3".into(), false),
                (Corner::BottomRight, "2".into(), true)
            ]
        );
        let img = render_counter(&p);
        let inked = |x0: u32, x1: u32, y0: u32, y1: u32| {
            (x0..x1)
                .flat_map(|x| (y0..y1).map(move |y| (x, y)))
                .filter(|&(x, y)| img.get_pixel(x, y).0[..3] != fill)
                .count()
        };
        // The lower corners carry ink, the ring more than the plain value; the upper right
        // (a name the counter lacks) none, the bottom centre (nothing) none.
        let (left, right) = (inked(3, 20, 46, 61), inked(44, 61, 46, 61));
        assert!(left > 0 && right > left, "left {left}, right {right}");
        assert_eq!(inked(44, 61, 3, 17), 0);
        assert_eq!(inked(26, 38, 48, 60), 0);
        // The common layout prints the values below and nothing in the corners.
        let common = CounterPicture::of_unit(
            &unit,
            &CounterLayout::default(),
            Some(CounterSymbol::Infantry),
            fill,
            64,
        );
        assert_eq!((common.bottom.as_str(), common.corners.len()), ("3-2-2", 0));
    }
}
