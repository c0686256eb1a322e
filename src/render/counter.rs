//! Counter pictures: one square counter of a unit type in its side's colour, or a marker, as
//! the printed counters show them (a unit-type box with the NATO symbol, the code above, the
//! printed values below, or what the system's [`CounterLayout`] puts there and in the
//! corners). Used by the VASSAL export and print's counter sheets; deterministic like every
//! picture here. Where each part goes is [`COUNTER_GEOMETRY`]'s, the symbols are
//! [`super::unit_symbols`]': the app's counters layer draws from the same two.
//!
//! Invariant: the picture is `size` x `size` pixels, opaque, with a dark border one pixel or
//! more wide; text is drawn at the largest font scale that fits its place, and text that does
//! not fit at the smallest is cut with an ellipsis, never wrapped or clipped; ink (text, rings, the front bar) is the one of two with the greater
//! WCAG contrast on the fill ([`ink_on`]).

use super::font::{Font, fold};
use super::raster::{Color, Pt, disc};
use super::scenario::side_colors;
use super::surface::Surface;
use super::unit_symbols::unit_symbol;
use crate::engine::counters::{
    COUNTER_GEOMETRY, Corner, Counter, CounterLayout, FacingLook, INK_DARK, INK_LIGHT, MarkerKind,
    Symbol, contrast, ink_on, luminance, srgb_linear,
};
use crate::scenario::Scenario;
use image::RgbaImage;

/// A marker counter's paper, under its colour band.
const MARKER_PAPER: [u8; 3] = [0xf4, 0xf1, 0xe8];

/// What a counter shows.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterPicture {
    /// Width and height in pixels (at least 16).
    pub size: u32,
    /// Background, `[r, g, b]`.
    pub fill: [u8; 3],
    /// The unit-type symbol; `None` for a marker (text only).
    pub symbol: Option<Symbol>,
    /// Printed above the box ("MZ"), or a marker's word.
    pub top: String,
    /// Printed below ("3-2-4").
    pub bottom: String,
    /// Values in the corners, each with whether it is printed in a ring.
    pub corners: Vec<(Corner, String, bool)>,
    /// A band of this colour along the top edge with this text in it: a marker's (the colour
    /// and letter its tag shows on a unit in the app).
    pub band: Option<([u8; 3], String)>,
    /// A bar of ink along the top edge: the counter's front, for a system whose counters turn
    /// to face ([`FacingLook::Turned`]; a VASSAL piece turns the picture).
    pub front: bool,
    /// A white band across the top-right corner: the unit's reduced back
    /// ([`crate::engine::counters::BackLook::Reduced`]).
    pub reduced: bool,
}

impl CounterPicture {
    /// The picture of `c`'s counter as `layout` prints it.
    pub fn of_unit(
        c: &Counter,
        layout: &CounterLayout,
        fill: [u8; 3],
        size: u32,
    ) -> CounterPicture {
        CounterPicture {
            size,
            fill,
            symbol: Some(c.symbol),
            top: layout.top.of(c),
            bottom: layout.bottom.of(c),
            corners: layout
                .corners
                .iter()
                .map(|k| (k.corner, k.text.of(c), k.ring))
                .filter(|(_, t, _)| !t.is_empty())
                .collect(),
            band: None,
            // A turned counter has its front wherever it stands (off the map too: one picture
            // a look, as a VASSAL piece turns it).
            front: layout.facing == FacingLook::Turned,
            reduced: false,
        }
    }

    /// The picture of a marker: its word on paper under a band of its colour with the word's
    /// first letter (as its tag on a unit reads).
    pub fn of_marker(m: &MarkerKind, size: u32) -> CounterPicture {
        let letter = m.word.trim().chars().next().unwrap_or('?').to_string();
        CounterPicture {
            size,
            fill: MARKER_PAPER,
            symbol: None,
            top: m.word.clone(),
            bottom: String::new(),
            corners: Vec::new(),
            band: Some((m.colour, letter)),
            front: false,
            reduced: false,
        }
    }
}

/// Each side's colour as the scenario picture draws it, `[r, g, b]`.
pub fn side_rgb(s: &Scenario) -> [[u8; 3]; 2] {
    side_colors(s).map(|c| [c.r, c.g, c.b])
}

/// The least WCAG contrast of counter ink on a side's colour (WCAG's AA for normal text).
pub const MIN_INK_CONTRAST: f32 = 4.5;
/// The least CIE76 colour difference between the two sides' colours: clearly two colours.
pub const MIN_SIDE_DELTA_E: f32 = 20.0;

/// CIE L*a*b* (D65) of an sRGB colour.
fn lab([r, g, b]: [u8; 3]) -> [f32; 3] {
    let (r, g, b) = (srgb_linear(r), srgb_linear(g), srgb_linear(b));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f32| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// CIE76 colour difference.
pub fn delta_e(a: [u8; 3], b: [u8; 3]) -> f32 {
    let (p, q) = (lab(a), lab(b));
    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
}

/// `c`, or the nearest shade of it on which its ink ([`ink_on`]) reaches [`MIN_INK_CONTRAST`]:
/// darker under light ink, lighter under dark ink (a mid-grey-bright colour reaches about 4.4
/// with either ink).
pub fn readable_fill(c: [u8; 3]) -> [u8; 3] {
    let ink = ink_on(c);
    let light = ink == INK_LIGHT;
    (0..=50)
        .map(|k| {
            let t = k as f32 / 50.0;
            c.map(|v| {
                let v = v as f32;
                let to = if light {
                    v * (1.0 - t)
                } else {
                    v + (255.0 - v) * t
                };
                to.round() as u8
            })
        })
        .find(|&f| contrast(f, ink) >= MIN_INK_CONTRAST)
        .unwrap_or(if light { [0, 0, 0] } else { [0xff, 0xff, 0xff] })
}

/// The two sides' colours from their named colours (`None`: unknown), made readable
/// ([`readable_fill`]) and clearly apart: a second side within [`MIN_SIDE_DELTA_E`] of the
/// first takes its default, or the first's default when that too is near.
pub(super) fn side_fills(named: [Option<Color>; 2], defaults: [Color; 2]) -> [Color; 2] {
    let rgb = |c: Color| [c.r, c.g, c.b];
    let c0 = readable_fill(rgb(named[0].unwrap_or(defaults[0])));
    let mut c1 = readable_fill(rgb(named[1].unwrap_or(defaults[1])));
    if delta_e(c0, c1) < MIN_SIDE_DELTA_E {
        c1 = [defaults[1], defaults[0]]
            .map(|d| readable_fill(rgb(d)))
            .into_iter()
            .find(|&d| delta_e(c0, d) >= MIN_SIDE_DELTA_E)
            .unwrap_or(if luminance(c0) > 0.2 {
                [0x20, 0x20, 0x20]
            } else {
                [0xf0, 0xf0, 0xf0]
            });
    }
    [color(c0), color(c1)]
}

fn color([r, g, b]: [u8; 3]) -> Color {
    Color::rgb(r, g, b)
}

/// How text is set in a place `height` pixels high and `width` wide: the label font at the
/// largest scale that fits (about `height` high); where that is its smallest scale, the small
/// font when it draws the text taller (a values line, "3-2-4", at 64 px a counter); else the
/// label font at its smallest, which may take up to `room` (at least `width`: the inside of
/// the counter); and where not even that fits, the text cut with an ellipsis to `room`
/// ("DIV-ANDE…"). Returns the font, its scale and the text to draw.
fn fit(text: &str, height: f64, width: f64, room: f64) -> (Font, u32, String) {
    let fits = |t: &str, k: u32, font: Font, w: f64| font.width(t, k) as f64 <= w;
    let top = ((height / Font::Label.height(1) as f64).round() as u32).max(1);
    if let Some(k) = (2..=top).rev().find(|&k| fits(text, k, Font::Label, width)) {
        return (Font::Label, k, text.to_string());
    }
    if Font::Small.draws(text) {
        let small = (height / Font::Small.height(1) as f64).floor() as u32;
        if let Some(k) = (2..=small)
            .rev()
            .filter(|&k| Font::Small.height(k) > Font::Label.height(1))
            .find(|&k| fits(text, k, Font::Small, width))
        {
            return (Font::Small, k, text.to_string());
        }
    }
    let room = room.max(width);
    if fits(text, 1, Font::Label, room) {
        return (Font::Label, 1, text.to_string());
    }
    let chars: Vec<char> = text.chars().collect();
    let cut = (1..chars.len())
        .rev()
        .map(|n| chars[..n].iter().collect::<String>() + "…")
        .find(|t| fits(t, 1, Font::Label, room))
        .unwrap_or_else(|| chars.first().map(|c| c.to_string()).unwrap_or_default());
    (Font::Label, 1, cut)
}

/// `text` centred at (`cx`, `cy`), `height` pixels high at most and `width` wide, or `room`
/// at the smallest scale ([`fit`]), folded into what the label font draws (capitals, digits,
/// its symbols: "div-heth" is printed "DIV-HETH", never with unknown glyphs; folding keeps one
/// character for one, so the width measured before is the width drawn).
fn text_at(
    img: &mut dyn Surface,
    text: &str,
    (cx, cy): Pt,
    (height, width, room): (f64, f64, f64),
    c: Color,
) {
    let (font, k, text) = fit(&fold(text), height, width, room);
    let (w, h) = (font.width(&text, k) as f64, font.height(k) as f64);
    let (x, y) = ((cx - w / 2.0).round() as i64, (cy - h / 2.0).round() as i64);
    img.text(&text, x, y, k, font, c);
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
    let g = &COUNTER_GEOMETRY;
    let s = p.size.max(16);
    let sf = s as f64;
    let at = |v: f32| v as f64 * sf;
    let fill = color(p.fill);
    let ink = color(ink_on(p.fill));
    let dark = color(INK_DARK);
    let si = s as i64;
    img.rect(0, 0, si, si, fill.shade(0.55));
    let b = (at(g.border).round() as i64).max(1);
    img.rect(b, b, si - 2 * b, si - 2 * b, fill);
    // The inside of the border, less a pixel each side: the most a line of text takes.
    let inside = sf - 2.0 * b as f64 - 2.0;
    if let Some((band, letter)) = &p.band {
        // A marker: its colour along the top with its letter, the word on the paper below.
        let h = at(g.marker_counter_band).round() as i64;
        img.rect(b, b, si - 2 * b, h - b, color(*band));
        let mid = (b + h) as f64 / 2.0;
        text_at(
            img,
            letter,
            (sf / 2.0, mid),
            (at(g.top[1]) * 1.2, inside, inside),
            color(ink_on(*band)),
        );
        let below = (h as f64 + sf - b as f64) / 2.0;
        text_at(
            img,
            &p.top,
            (sf / 2.0, below),
            (at(g.top[1]), at(g.text_width), inside),
            ink,
        );
        return;
    }
    if p.front {
        img.rect(b, b, si - 2 * b, at(g.front).round() as i64 - b, ink);
    }
    let Some(symbol) = p.symbol else {
        // A counter of words: the top and bottom texts at their places.
        text_at(
            img,
            &p.top,
            (sf / 2.0, sf * 0.42),
            (at(g.top[1]), at(g.text_width), inside),
            ink,
        );
        text_at(
            img,
            &p.bottom,
            (sf / 2.0, at(g.bottom[0])),
            (at(g.bottom[1]), at(g.text_width), inside),
            ink,
        );
        return;
    };
    // The box, white with a dark outline, and the symbol in it.
    let [bx, by, bw, bh] = g.symbol_box.map(at);
    let lw = at(g.stroke).max(1.0);
    let outline = vec![(bx, by), (bx + bw, by), (bx + bw, by + bh), (bx, by + bh)];
    img.fill(std::slice::from_ref(&outline), color([0xfa, 0xfa, 0xf5]));
    let to = |[u, v]: [f32; 2]| (bx + u as f64 * bw, by + v as f64 * bh);
    for part in unit_symbol(symbol) {
        let pts: Vec<Pt> = part.points.iter().map(|&q| to(q)).collect();
        if part.filled {
            img.fill(&[pts], dark);
        } else {
            img.stroke(&pts, lw, dark);
        }
    }
    let mut closed = outline;
    closed.push((bx, by));
    img.stroke(&closed, lw, dark);
    // The texts above and below, the bottom one kept to the middle beside bottom corners.
    text_at(
        img,
        &p.top,
        (sf / 2.0, at(g.top[0])),
        (at(g.top[1]), at(g.text_width), inside),
        ink,
    );
    let beside = p
        .corners
        .iter()
        .any(|(c, _, _)| matches!(c, Corner::BottomLeft | Corner::BottomRight));
    // Between corner values the bottom text never reaches them.
    let (width, room) = if beside {
        let w = at(g.text_width_between_corners);
        (w, w)
    } else {
        (at(g.text_width), inside)
    };
    text_at(
        img,
        &p.bottom,
        (sf / 2.0, at(g.bottom[0])),
        (at(g.bottom[1]), width, room),
        ink,
    );
    for (corner, text, ring) in &p.corners {
        let (left, top) = match corner {
            Corner::TopLeft => (true, true),
            Corner::TopRight => (false, true),
            Corner::BottomLeft => (true, false),
            Corner::BottomRight => (false, false),
        };
        let c = (
            at(g.corner_x[usize::from(!left)]),
            at(g.corner_y[usize::from(!top)]),
        );
        if *ring {
            let r = at(g.ring);
            img.fill(&[disc(c, r)], ink);
            img.fill(&[disc(c, r - at(g.ring_line).max(1.0))], fill);
        }
        let w = at(g.corner_width);
        text_at(img, text, c, (at(g.corner_text), w, w), ink);
    }
    if p.reduced {
        // The back of a unit that lost a step: a white band across the top-right corner.
        let (d0, d1) = (at(g.back_band[0]), at(g.back_band[1]));
        let e = sf - b as f64;
        let band = vec![
            (e - d1, b as f64),
            (e - d0, b as f64),
            (e, b as f64 + d0),
            (e, b as f64 + d1),
        ];
        img.fill(&[band], color([0xff, 0xff, 0xff]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::counters::{CornerText, CounterText, Place};

    fn unit(facing: Option<u16>) -> Counter {
        Counter {
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
            facing,
        }
    }

    /// Pixels in the rectangle [x0, x1) x [y0, y1) not of colour `fill`.
    fn inked(img: &RgbaImage, fill: [u8; 3], (x0, x1): (u32, u32), (y0, y1): (u32, u32)) -> usize {
        (x0..x1)
            .flat_map(|x| (y0..y1).map(move |y| (x, y)))
            .filter(|&(x, y)| img.get_pixel(x, y).0[..3] != fill)
            .count()
    }

    #[test]
    fn counter_is_square_with_its_fill_border_box_and_symbol() {
        let fill = [0x23, 0x55, 0xc8];
        let p = CounterPicture::of_unit(&unit(None), &CounterLayout::default(), fill, 48);
        let img = render_counter(&p);
        assert_eq!(img.dimensions(), (48, 48));
        // Inside the border, above the box, left of the centred code: the side's colour.
        assert_eq!(img.get_pixel(4, 4).0, [0x23, 0x55, 0xc8, 255]);
        // The border is darker.
        assert_ne!(img.get_pixel(0, 0).0, [0x23, 0x55, 0xc8, 255]);
        // The box where the geometry puts it: white near its corner, the cross dark at its
        // centre.
        let [bx, by, bw, bh] = COUNTER_GEOMETRY.symbol_box.map(|v| v * 48.0);
        let white = img
            .get_pixel((bx + bw * 0.5) as u32, (by + bh * 0.15) as u32)
            .0;
        assert!(white[0] > 0xe0 && white[2] > 0xe0, "{white:?}");
        let c = img
            .get_pixel((bx + bw / 2.0) as u32, (by + bh / 2.0) as u32)
            .0;
        assert!(c[0] < 0x80, "{c:?}");
        // Light ink on the blue: the code is drawn in white.
        let top = inked(&img, fill, (8, 40), (6, 14));
        assert!(top > 0 && img.pixels().any(|p| p.0 == [0xff, 0xff, 0xff, 255]));
        // Markers differ from units.
        let m = render_counter(&CounterPicture::of_marker(
            &MarkerKind::new("disrupted", "DISR", [0xf0, 0xc8, 0x20]),
            48,
        ));
        assert_ne!(m, img);
    }

    #[test]
    fn every_symbol_draws_its_own_picture() {
        let pictures: Vec<RgbaImage> = Symbol::ALL
            .iter()
            .map(|&s| {
                let c = Counter {
                    symbol: s,
                    ..unit(None)
                };
                render_counter(&CounterPicture::of_unit(
                    &c,
                    &CounterLayout::default(),
                    [0x23, 0x55, 0xc8],
                    64,
                ))
            })
            .collect();
        for (i, a) in pictures.iter().enumerate() {
            for (j, b) in pictures.iter().enumerate().skip(i + 1) {
                assert_ne!(a, b, "{:?} and {:?}", Symbol::ALL[i], Symbol::ALL[j]);
            }
        }
    }

    #[test]
    fn a_layout_prints_its_corner_values_and_rings_and_a_turned_counter_its_front() {
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
            back: Default::default(),
        };
        let fill = [0x23, 0x55, 0xc8];
        let p = CounterPicture::of_unit(&unit(Some(0)), &layout, fill, 64);
        assert_eq!((p.top.as_str(), p.bottom.as_str()), ("FT", ""));
        assert_eq!(
            p.corners,
            vec![
                (Corner::BottomLeft, "3".into(), false),
                (Corner::BottomRight, "2".into(), true)
            ]
        );
        assert!(p.front);
        let img = render_counter(&p);
        // The lower corners carry ink, the ring more than the plain value; the upper right
        // (a name the counter lacks) none, the bottom centre (nothing) none.
        let (left, right) = (
            inked(&img, fill, (3, 20), (43, 61)),
            inked(&img, fill, (44, 61), (43, 61)),
        );
        assert!(left > 0 && right > left, "left {left}, right {right}");
        assert_eq!(inked(&img, fill, (44, 61), (6, 20)), 0);
        assert_eq!(inked(&img, fill, (26, 38), (46, 60)), 0);
        // The front: a bar of ink along the top edge, which an upright counter lacks.
        let bar = inked(&img, fill, (8, 56), (3, 4));
        assert_eq!(bar, 48);
        let notch = CounterLayout {
            facing: FacingLook::Notch,
            ..layout.clone()
        };
        let upright = render_counter(&CounterPicture::of_unit(&unit(Some(0)), &notch, fill, 64));
        assert_eq!(inked(&upright, fill, (8, 56), (3, 4)), 0);
        // The common layout prints the values below and nothing in the corners.
        let common = CounterPicture::of_unit(&unit(None), &CounterLayout::default(), fill, 64);
        assert_eq!((common.bottom.as_str(), common.corners.len()), ("3-2-2", 0));
    }

    #[test]
    fn a_reduced_back_has_its_band_and_a_marker_its_colour_and_letter() {
        let fill = [0xc8, 0x28, 0x28];
        let front = CounterPicture::of_unit(&unit(None), &CounterLayout::default(), fill, 64);
        let back = render_counter(&CounterPicture {
            reduced: true,
            ..front.clone()
        });
        // On the band's middle line across the top-right corner: white.
        let [d0, d1] = COUNTER_GEOMETRY.back_band.map(|v| v * 64.0);
        let d = ((d0 + d1) / 2.0) as u32;
        assert_eq!(back.get_pixel(62 - d / 2 - 1, 2 + d / 2).0, [0xff; 4]);
        assert_ne!(
            render_counter(&front)
                .get_pixel(62 - d / 2 - 1, 2 + d / 2)
                .0,
            [0xff; 4]
        );
        let m = MarkerKind::new("disrupted", "DISR", [0xf0, 0xc8, 0x20]);
        let img = render_counter(&CounterPicture::of_marker(&m, 64));
        // Its colour along the top, dark ink (its letter) in the band, paper and the word under.
        assert_eq!(img.get_pixel(6, 6).0, [0xf0, 0xc8, 0x20, 255]);
        let h = (COUNTER_GEOMETRY.marker_counter_band * 64.0) as u32;
        assert!(inked(&img, [0xf0, 0xc8, 0x20], (20, 44), (4, h - 1)) > 0);
        assert_eq!(img.get_pixel(6, h + 6).0[..3], MARKER_PAPER);
        assert!(inked(&img, MARKER_PAPER, (6, 58), (h + 2, 58)) > 0);
    }

    #[test]
    fn text_shrinks_then_takes_the_small_font_then_an_ellipsis() {
        // A code at its height.
        assert_eq!(fit("MZ", 14.0, 56.0, 56.0), (Font::Label, 2, "MZ".into()));
        // A values line too wide for the label font at 2 (58 px in 56): the small font at 2,
        // 10 px high, rather than the label font at 1, 7 px high.
        let values = fit("3-2-4", 14.1, 56.3, 56.3);
        assert_eq!(values, (Font::Small, 2, "3-2-4".into()));
        let guns = fit("2/4-1-3", 14.1, 56.3, 56.3);
        assert_eq!(guns, (Font::Small, 2, "2/4-1-3".into()));
        // Letters the small font lacks: the label font at 1, in the counter's inside when
        // wider than its place.
        let code = fit("ARTILLERY", 12.2, 52.8, 54.0);
        assert_eq!(code, (Font::Label, 1, "ARTILLERY".into()));
        // Too long even so: cut, with an ellipsis, within the inside.
        let (font, k, t) = fit("DIV-ANDERSON", 12.2, 52.8, 54.0);
        assert_eq!((font, k, t.as_str()), (Font::Label, 1, "DIV-ANDE…"));
        assert!(Font::Label.width(&t, 1) as f64 <= 54.0);
    }

    #[test]
    fn ink_is_chosen_by_contrast_and_side_colours_read_and_differ() {
        // At the threshold both inks have the same contrast.
        let t = COUNTER_GEOMETRY.ink_threshold;
        let dark = (t + 0.05) / (luminance(INK_DARK) + 0.05);
        assert!((dark - 1.05 / (t + 0.05)).abs() < 0.01, "{dark}");
        assert_eq!(ink_on([0x23, 0x55, 0xc8]), INK_LIGHT);
        assert_eq!(ink_on([0xf0, 0xc8, 0x20]), INK_DARK);
        // Every fill is made readable, the mid greys and mid colours included.
        for v in (0..=255).step_by(5) {
            for c in [[v, v, v], [v, 0x80, 0x20], [0x20, v, 0xc0], [0xc0, 0x40, v]] {
                let f = readable_fill(c);
                assert!(contrast(f, ink_on(f)) >= MIN_INK_CONTRAST, "{c:?} -> {f:?}");
            }
        }
        // A readable fill is kept.
        assert_eq!(readable_fill([0x23, 0x55, 0xc8]), [0x23, 0x55, 0xc8]);
        // A mid grey reaches 4.5 with neither ink: made darker.
        assert_ne!(readable_fill([0x77, 0x77, 0x77]), [0x77, 0x77, 0x77]);
        // Two sides too alike: the second takes its default.
        let defaults = [Color::rgb(0x23, 0x55, 0xc8), Color::rgb(0xc8, 0x28, 0x28)];
        let rgb = |c: Color| [c.r, c.g, c.b];
        let near = side_fills(
            [
                Some(Color::rgb(0x30, 0x30, 0x90)),
                Some(Color::rgb(0x30, 0x38, 0x98)),
            ],
            defaults,
        );
        assert_eq!(rgb(near[1]), [0xc8, 0x28, 0x28]);
        // ... or the first's default when its own is near the first side's colour too.
        let red = side_fills([Some(defaults[1]), Some(defaults[1])], defaults);
        assert_eq!(rgb(red[1]), [0x23, 0x55, 0xc8]);
        // Two clearly different colours stay.
        let apart = side_fills(
            [
                Some(Color::rgb(0x30, 0x30, 0x90)),
                Some(Color::rgb(0x90, 0x90, 0x90)),
            ],
            defaults,
        );
        assert_eq!(rgb(apart[0]), [0x30, 0x30, 0x90]);
        assert!(delta_e(rgb(apart[0]), rgb(apart[1])) >= MIN_SIDE_DELTA_E);
    }
}
