//! Each rule system's counters as it prints them (`Ruleset::counter_layout`): a known unit of a
//! shipped scenario drawn as the VASSAL export and print draw it has ink where its system's
//! layout puts values, and none where it puts nothing; Age of Rifles' backs are the reduced side.

use kepi::engine::counters::{BackLook, COUNTER_GEOMETRY, Counter, CounterLayout, FacingLook};
use kepi::engine::game::registry;
use kepi::library::load_scenario;
use kepi::render::{CounterPicture, render_counter, side_rgb};
use kepi::vassal::counters::unit_picture;

use crate::common::vassal::root;

const PX: u32 = 64;

struct Drawn {
    layout: CounterLayout,
    counters: Vec<Counter>,
    fills: [[u8; 3]; 2],
}

fn system(path: &str) -> Drawn {
    let scenario = load_scenario(&root().join(path)).unwrap();
    let rules = registry::get(scenario.file.ruleset.key()).unwrap();
    let state = rules.start(&scenario, &rules.default_options()).unwrap();
    Drawn {
        layout: rules.counter_layout(),
        counters: rules.board(&state).counters,
        fills: side_rgb(&scenario),
    }
}

/// Pixels of `img` not of `fill` in [x0, x1) x [y0, y1), the rectangle given in fractions of
/// the counter's side.
fn inked(img: &image::RgbaImage, fill: [u8; 3], x: (f32, f32), y: (f32, f32)) -> usize {
    let px = |v: f32| (v * PX as f32).round() as u32;
    (px(x.0)..px(x.1))
        .flat_map(|a| (px(y.0)..px(y.1)).map(move |b| (a, b)))
        .filter(|&(a, b)| img.get_pixel(a, b).0[..3] != fill)
        .count()
}

impl Drawn {
    fn picture(&self, pick: impl Fn(&Counter) -> bool) -> (Counter, image::RgbaImage, [u8; 3]) {
        let c = self
            .counters
            .iter()
            .find(|c| pick(c))
            .expect("a unit")
            .clone();
        let fill = self.fills[c.side.min(1)];
        let img = unit_picture(&c, &self.layout, fill, PX);
        (c, img, fill)
    }
}

/// The bands of the counter: the bottom row's left corner, middle and right corner.
const BOTTOM: (f32, f32) = (0.7, 0.92);
const LEFT: (f32, f32) = (0.05, 0.26);
const MIDDLE: (f32, f32) = (0.32, 0.68);
const RIGHT: (f32, f32) = (0.74, 0.95);

#[test]
fn rifle_and_saber_prints_the_values_line_under_the_box_and_nothing_in_the_corners() {
    let d = system("scenarios/rs-01-fatehpur.json");
    assert_eq!(d.layout.facing, FacingLook::Notch);
    assert_eq!(d.layout.back, BackLook::Darker);
    let (c, img, fill) = d.picture(|c| c.code == "MZ");
    assert_eq!(c.values, "3-2-4");
    assert!(inked(&img, fill, MIDDLE, BOTTOM) > 20);
    // The values line at 64 px is 10 px high (the small font at 2), not the label font's 7.
    let rows = (0..PX)
        .filter(|&y| {
            inked(
                &img,
                fill,
                MIDDLE,
                (y as f32 / PX as f32, (y + 1) as f32 / PX as f32),
            ) > 0
        })
        .filter(|&y| (BOTTOM.0 * PX as f32..BOTTOM.1 * PX as f32).contains(&(y as f32)))
        .count();
    assert!(rows >= 10, "the values line is {rows} px high");
    // The values line is centred: the corners' outer parts stay clear.
    assert_eq!(inked(&img, fill, (0.05, 0.12), BOTTOM), 0);
    assert_eq!(inked(&img, fill, (0.88, 0.95), BOTTOM), 0);
    // No front bar: the top edge under the border is the fill.
    assert_eq!(inked(&img, fill, (0.1, 0.9), (0.05, 0.065)), 0);
}

#[test]
fn age_of_rifles_prints_strength_movement_and_morale_in_a_ring_and_a_reduced_back() {
    let d = system("scenarios/aor-gettysburg-first-day.json");
    assert_eq!(d.layout.back, BackLook::Reduced);
    let (c, img, fill) = d.picture(|c| c.properties.iter().any(|(n, _)| n == "Strength reduced"));
    let (left, middle, right) = (
        inked(&img, fill, LEFT, BOTTOM),
        inked(&img, fill, MIDDLE, BOTTOM),
        inked(&img, fill, RIGHT, BOTTOM),
    );
    assert!(left > 0 && middle > 0, "{left} {middle}");
    // The morale's ring: more ink than the strength alone.
    assert!(right > left, "ring {right}, strength {left}");
    // The reduced side: its strength one step less, drawn with a white band at the top right.
    let value = |c: &Counter, n: &str| {
        c.properties
            .iter()
            .find(|(k, _)| k == n)
            .map(|(_, v)| v.parse::<u32>().unwrap())
    };
    let back = c.reduced().expect("a backprinted unit has a reduced side");
    assert!(
        value(&back, "Strength") < value(&c, "Strength"),
        "{:?}",
        back.properties
    );
    let front = CounterPicture::of_unit(&c, &d.layout, fill, PX);
    let reverse = CounterPicture {
        reduced: true,
        ..CounterPicture::of_unit(&back, &d.layout, fill, PX)
    };
    assert_ne!(front.corners, reverse.corners);
    let img = render_counter(&reverse);
    let [b0, b1] = COUNTER_GEOMETRY.back_band;
    let m = (b0 + b1) / 4.0;
    let at = |v: f32| (v * PX as f32) as u32;
    assert_eq!(img.get_pixel(at(0.95 - m), at(0.05 + m)).0, [0xff; 4]);
    // A leader: his star in the box, his rating in the ring, no strength.
    let (_, img, fill) = d.picture(|c| c.code == "leader");
    let [bx, by, bw, bh] = COUNTER_GEOMETRY.symbol_box;
    let centre = img.get_pixel(at(bx + bw / 2.0), at(by + bh / 2.0)).0;
    assert!(centre[0] < 0x40, "a star at the box's centre: {centre:?}");
    assert!(inked(&img, fill, RIGHT, BOTTOM) > 0);
    assert_eq!(inked(&img, fill, LEFT, BOTTOM), 0);
}

#[test]
fn systems_whose_units_face_turn_their_counters_with_a_front_bar() {
    for path in [
        "scenarios/nc-trautenau.json",
        "scenarios/rk-trautenau.json",
        "tests/fixtures/vae-victis/scenarios/vv-ridge.json",
    ] {
        let d = system(path);
        assert_eq!(d.layout.facing, FacingLook::Turned, "{path}");
        let (c, img, fill) = d.picture(|c| c.facing.is_some());
        // The front: the top edge inked across, under the border.
        let front = inked(&img, fill, (0.1, 0.9), (0.045, 0.065));
        assert_eq!(front, 52, "{path}: {}", c.id);
        // The values line under the box.
        assert!(inked(&img, fill, MIDDLE, BOTTOM) > 0, "{path}: {}", c.id);
    }
}
