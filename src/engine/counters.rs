//! What the play and replay views draw of a position, as ruleset-neutral data: every unit as a
//! counter (side, type symbol, printed values, where it is, its markers) and the markers that
//! belong to hexes (trenches, improved positions). Every rule system fills a [`Board`] from its
//! own state; the views only draw it.
//!
//! Invariants: `counters` lists every unit of the game once, in the system's own unit order;
//! `id` is the name commands use for the unit (`kepi legal` prints the same); a counter has a
//! `hex` exactly when `place` is [`Place::Map`]; within a hex, the counter with the highest
//! `order` is on top.

use serde::{Deserialize, Serialize};

/// Where a unit is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Not on the map yet: waiting to deploy, or a reinforcement still to come.
    Off,
    Map,
    /// Left the map through an exit area.
    Exited,
    Eliminated,
    /// On the map where the side the board is drawn for cannot see it (a system with hidden
    /// units, [`crate::engine::Ruleset::unseen`]): its counter shows no hex, facing or markers.
    Unseen,
}

/// The symbol drawn on a counter (NATO-style unit-type symbols).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Symbol {
    Infantry,
    Cavalry,
    MountedRifles,
    Artillery,
    HorseArtillery,
    MachineGun,
    /// A unit of no fighting arm (a limber, a wagon, a headquarters).
    Other,
    /// A leader (a commander, a general): a star in the box.
    Leader,
}

impl Symbol {
    /// Every symbol, in order.
    pub const ALL: [Symbol; 8] = [
        Symbol::Infantry,
        Symbol::Cavalry,
        Symbol::MountedRifles,
        Symbol::Artillery,
        Symbol::HorseArtillery,
        Symbol::MachineGun,
        Symbol::Other,
        Symbol::Leader,
    ];

    /// Its name in serialised form ("mounted_rifles"), as [`Counter::symbol`] crosses to the UI.
    pub fn key(self) -> &'static str {
        match self {
            Symbol::Infantry => "infantry",
            Symbol::Cavalry => "cavalry",
            Symbol::MountedRifles => "mounted_rifles",
            Symbol::Artillery => "artillery",
            Symbol::HorseArtillery => "horse_artillery",
            Symbol::MachineGun => "machine_gun",
            Symbol::Other => "other",
            Symbol::Leader => "leader",
        }
    }
}

/// One unit as its counter shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counter {
    /// The unit's name in commands ("British MZ 3").
    pub id: String,
    /// Index into the game's sides.
    pub side: usize,
    /// The unit-type code printed on the counter ("MZ").
    pub code: String,
    /// The unit type in words ("Muzzle-loading infantry").
    pub kind: String,
    pub symbol: Symbol,
    /// The printed values, as on the counter ("3-2-4"; guns "2/4-1-3").
    pub values: String,
    pub place: Place,
    /// Its hex, printed ("0812"), when on the map.
    pub hex: Option<String>,
    /// Stacking order within its hex: highest on top.
    pub order: u32,
    /// Markers on the unit, by key: "disrupted", "limbered", "charging", "road_mode",
    /// "dismounted", "fired", "shocked", "moved".
    pub markers: Vec<String>,
    /// Its group in the scenario ("a"), when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// For a reinforcement not yet arrived: "game-turn 3 at 0101, 0102".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrives: Option<String>,
    /// The printed values by name, as the rules name them (("Fire", "3"), ("Range", "2")):
    /// a VASSAL piece's properties. Empty when the values line says all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<(String, String)>,
    /// Where it faces, in degrees clockwise from north (0, 30, ... 330: a hexside or a vertex,
    /// [`crate::engine::facing::Facing::degrees`]), for a system whose units face; drawn as a
    /// notch on the counter's edge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<u16>,
}

/// What a property's name ends with when it gives the value the counter's back prints in
/// place of the front's ("Strength reduced": the strength after a step lost, AoR 6.1).
pub const REDUCED: &str = " reduced";

impl Counter {
    /// The unit as its counter's reduced back prints it ([`BackLook::Reduced`]): each property
    /// "X" for which the counter gives "X reduced" takes that value (and the values line
    /// "Values reduced", when given); `None` when it gives none (a counter printed on one
    /// side only).
    pub fn reduced(&self) -> Option<Counter> {
        let backs: Vec<(&str, &str)> = self
            .properties
            .iter()
            .filter_map(|(n, v)| Some((n.strip_suffix(REDUCED)?, v.as_str())))
            .collect();
        if backs.is_empty() {
            return None;
        }
        let mut c = self.clone();
        for (name, value) in &backs {
            if *name == "Values" {
                c.values = value.to_string();
            }
            for (n, v) in c.properties.iter_mut() {
                if n == name {
                    *v = value.to_string();
                }
            }
        }
        Some(c)
    }
}

/// A marker a system's counters or hexes may carry, as printed: its key (what
/// [`Counter::markers`] and [`HexMarker::marker`] name), the word on it and its colour. A
/// system lists its markers once ([`crate::engine::Ruleset::markers`]); the VASSAL export draws
/// them and puts them in the module's marker tray.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerKind {
    pub key: String,
    /// The word printed on it ("DISR").
    pub word: String,
    pub colour: [u8; 3],
    /// Bookkeeping of the phase in progress ("fired", "moved"): a VASSAL module's tray holds
    /// it, but an exported position does not set it up (players clear such markers each
    /// phase; a position exported mid-phase would leave them to clear by hand).
    #[serde(default)]
    pub transient: bool,
    /// Shown as the back of the unit's counter (a band across it, as a flipped counter reads)
    /// rather than as a tag: a state a printed game shows by turning the counter over.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub back: bool,
}

impl MarkerKind {
    pub fn new(key: &str, word: &str, colour: [u8; 3]) -> MarkerKind {
        MarkerKind {
            key: key.to_string(),
            word: word.to_string(),
            colour,
            transient: false,
            back: false,
        }
    }

    /// This marker as the back of the counter ([`MarkerKind::back`]).
    pub fn back(self) -> MarkerKind {
        MarkerKind { back: true, ..self }
    }

    /// This marker as bookkeeping of the phase in progress ([`MarkerKind::transient`]).
    pub fn transient(self) -> MarkerKind {
        MarkerKind {
            transient: true,
            ..self
        }
    }

    /// A marker a system's catalog does not list: its key in capitals as the word, on grey.
    pub fn unknown(key: &str) -> MarkerKind {
        let word: String = key
            .replace('_', " ")
            .to_uppercase()
            .chars()
            .take(12)
            .collect();
        MarkerKind::new(key, &word, [0xb0, 0xb0, 0xb0])
    }
}

/// How a system prints its counters: what each place on a counter shows and how a unit's
/// facing shows. Every picture of a counter (the app's counters layer, the VASSAL module's
/// pieces) draws from it; a system that gives none prints the common layout
/// ([`CounterLayout::default`]: the type code above the symbol, the values below, facing as a
/// notch at the counter's edge).
///
/// Invariant: a [`CounterText::Property`] names one of the [`Counter::properties`] the system
/// gives its counters; a name a counter lacks prints nothing there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterLayout {
    /// Above the symbol.
    pub top: CounterText,
    /// Below the symbol.
    pub bottom: CounterText,
    /// Values in the counter's corners, as a system's counters print them (a defence in a
    /// ring at the lower right). The upper corners share their room with the stack's count
    /// (left) and the markers' tags (right), drawn over them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corners: Vec<CornerText>,
    pub facing: FacingLook,
    /// What the back of a unit's counter shows (print's two-sided counter sheets).
    #[serde(default)]
    pub back: BackLook,
}

impl Default for CounterLayout {
    fn default() -> CounterLayout {
        CounterLayout {
            top: CounterText::Code,
            bottom: CounterText::Values,
            corners: Vec::new(),
            facing: FacingLook::Notch,
            back: BackLook::Darker,
        }
    }
}

/// What the back of a unit's counter shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BackLook {
    /// The front in a darker shade with the word of the system's back marker (R&S's DISR: the
    /// state a printed game shows by turning the counter over).
    #[default]
    Darker,
    /// The unit after a step lost (AoR 6.1: "most units are backprinted"): the same layout
    /// printing [`Counter::reduced`], with a band across the top-right corner; a counter with
    /// no reduced values (one step) has the [`BackLook::Darker`] back.
    Reduced,
}

/// Where the parts of a counter are, as fractions of its side from its top-left corner (x
/// east, y south): one table for every picture of a counter (the core's [`draw_counter`] for
/// VASSAL and print, the app's counters layer, which receives it with the layout).
///
/// Invariants: the bands and the box do not overlap; every place lies inside the border; the
/// top text's capitals (DejaVu Sans Bold's cap height, 0.73 of the text height, centred) lie
/// under the front bar and the markers' band (`front + marker_band`), so that neither hides
/// the unit's id.
///
/// [`draw_counter`]: crate::render::render_counter
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CounterGeometry {
    /// The dark border's width.
    pub border: f32,
    /// The unit-type box (white, outlined): left, top, width, height.
    pub symbol_box: [f32; 4],
    /// The width of the box's outline and of the symbol's lines.
    pub stroke: f32,
    /// The top text ([`CounterLayout::top`]): its centre's y and its text height.
    pub top: [f32; 2],
    /// The bottom text ([`CounterLayout::bottom`]): its centre's y and its text height.
    pub bottom: [f32; 2],
    /// The widest the top and bottom texts may be; the bottom's beside corner values.
    pub text_width: f32,
    pub text_width_between_corners: f32,
    /// Corner values' centres: x of the left and right columns, y of the top and bottom rows.
    pub corner_x: [f32; 2],
    pub corner_y: [f32; 2],
    /// A corner value's text height and widest.
    pub corner_text: f32,
    pub corner_width: f32,
    /// A ring's radius, and its line width.
    pub ring: f32,
    pub ring_line: f32,
    /// A marker tag's side (square, hung from the top edge at the right).
    pub tag: f32,
    /// The height of a turned counter's front bar along its top edge (the border included);
    /// the markers' band starts under it.
    pub front: f32,
    /// The height of the markers' colours band along a unit's top edge.
    pub marker_band: f32,
    /// A marker counter's colour band along its top edge (its letter in it, its word under it).
    pub marker_counter_band: f32,
    /// A reduced back's band across the top-right corner ([`BackLook::Reduced`]): where its
    /// edges cross the counter's top and right edges, from the corner.
    pub back_band: [f32; 2],
    /// The stack's count, a dark box at the top-left corner: its side.
    pub count: f32,
    /// Dark ink on a fill whose WCAG relative luminance is above this, white ink below: the
    /// luminance at which both inks have the same contrast, so the chosen one has the most
    /// (`((L + 0.05) / (L_DARK + 0.05)) == (1.05 / (L + 0.05))` for [`INK_DARK`]).
    pub ink_threshold: f32,
}

/// Dark ink on counters, `#111111`.
pub const INK_DARK: [u8; 3] = [0x11, 0x11, 0x11];
/// Light ink on counters.
pub const INK_LIGHT: [u8; 3] = [0xff, 0xff, 0xff];

/// An sRGB channel (0-255) as linear light (0-1), the sRGB transfer function undone.
pub fn srgb_linear(c: u8) -> f32 {
    let c = c as f32 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// WCAG 2 relative luminance of an sRGB colour (0 black, 1 white).
pub fn luminance([r, g, b]: [u8; 3]) -> f32 {
    0.2126 * srgb_linear(r) + 0.7152 * srgb_linear(g) + 0.0722 * srgb_linear(b)
}

/// WCAG 2 contrast ratio of two colours (1 to 21).
pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The ink that reads on `fill`: the one of [`INK_DARK`] and [`INK_LIGHT`] with the greater
/// contrast ([`CounterGeometry::ink_threshold`]).
pub fn ink_on(fill: [u8; 3]) -> [u8; 3] {
    if luminance(fill) > COUNTER_GEOMETRY.ink_threshold {
        INK_DARK
    } else {
        INK_LIGHT
    }
}

/// The counters' geometry.
pub const COUNTER_GEOMETRY: CounterGeometry = CounterGeometry {
    border: 0.04,
    // The top text's capitals (0.73 of its height, centred) between the markers' band (to
    // 0.14) and the box: a band never hides the unit's id.
    symbol_box: [0.22, 0.35, 0.56, 0.32],
    stroke: 0.035,
    top: [0.215, 0.19],
    bottom: [0.81, 0.22],
    text_width: 0.88,
    text_width_between_corners: 0.4,
    corner_x: [0.16, 0.84],
    corner_y: [0.19, 0.81],
    corner_text: 0.2,
    corner_width: 0.24,
    ring: 0.13,
    ring_line: 0.025,
    tag: 0.2,
    front: 0.07,
    marker_band: 0.07,
    marker_counter_band: 0.4,
    back_band: [0.1, 0.26],
    count: 0.22,
    // L with (L + 0.05)^2 == 1.05 * (luminance(#111111) + 0.05).
    ink_threshold: 0.1916,
};

/// What a place on a counter shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CounterText {
    /// The unit-type code ([`Counter::code`]).
    Code,
    /// The printed values line ([`Counter::values`]).
    Values,
    /// One value by its name ([`Counter::properties`]).
    Property {
        name: String,
    },
    Nothing,
}

impl CounterText {
    /// What `c`'s counter prints here.
    pub fn of(&self, c: &Counter) -> String {
        match self {
            CounterText::Code => c.code.clone(),
            CounterText::Values => c.values.clone(),
            CounterText::Property { name } => c
                .properties
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
                .unwrap_or_default(),
            CounterText::Nothing => String::new(),
        }
    }
}

/// A corner of a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Corner {
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
}

/// A value printed in a corner.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CornerText {
    pub corner: Corner,
    pub text: CounterText,
    /// Printed in a ring (as many games mark the value a unit defends with).
    #[serde(default)]
    pub ring: bool,
}

/// How a unit's facing ([`Counter::facing`]) shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FacingLook {
    /// A notch inside the counter's edge, pointing where it faces; the counter stays upright.
    Notch,
    /// The whole counter turns, its top edge to the front, as counters turned on a table (and
    /// as a VASSAL piece's rotation shows them).
    Turned,
}

/// A marker that belongs to a hex, not a unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexMarker {
    pub hex: String,
    /// "trench", "improved_position", "work" (an improved position being built).
    pub marker: String,
    /// The side it belongs to, when it belongs to one.
    pub side: Option<usize>,
}

/// A side's standing shown beside the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideStanding {
    /// Morale level in words ("normal"), when the system has one.
    pub morale: Option<String>,
    /// Other figures in words ("2 trenches to place", "eliminated 3").
    pub notes: Vec<String>,
}

/// A side's deployment area as the scenario gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeploymentArea {
    pub side: usize,
    /// The scenario's wording.
    pub text: String,
    /// Every hex of it, printed.
    pub hexes: Vec<String>,
}

/// A position as the views draw it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub counters: Vec<Counter>,
    pub hex_markers: Vec<HexMarker>,
    /// One per side.
    pub sides: Vec<SideStanding>,
    /// The deployment areas, while a side is deploying (empty otherwise).
    pub deployment: Vec<DeploymentArea>,
    /// Cards a system shows beside the map (the card in play, a deck's cards left), for a
    /// system whose cards decide who acts; empty for the others.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardShown>,
}

impl Board {
    /// The board as a side sees it: every counter named in `unseen` keeps what its side's
    /// order of battle shows (its name, type and printed values) and loses where it is and how
    /// it stands (its hex, facing and markers), its place becoming [`Place::Unseen`].
    ///
    /// Invariant: a counter not named is unchanged, and so are the hexes' markers, the sides'
    /// standing and the cards; an unseen counter's `order` is 0.
    pub fn seen_by(mut self, unseen: &[String]) -> Board {
        if unseen.is_empty() {
            return self;
        }
        let unseen: std::collections::HashSet<&str> = unseen.iter().map(String::as_str).collect();
        for c in self
            .counters
            .iter_mut()
            .filter(|c| unseen.contains(c.id.as_str()))
        {
            c.place = Place::Unseen;
            c.hex = None;
            c.facing = None;
            c.markers.clear();
            c.order = 0;
        }
        self
    }
}

/// A card as the views show it: a title ("West 2"), the side it belongs to (coloured as that
/// side), and a line on what it does or how many are left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardShown {
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<usize>,
    pub detail: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_geometry_keeps_its_places_apart() {
        let g = COUNTER_GEOMETRY;
        let [_, box_top, _, box_h] = g.symbol_box;
        let span = |[centre, h]: [f32; 2]| (centre - h / 2.0, centre + h / 2.0);
        let (_, top_to) = span(g.top);
        let (bottom_from, bottom_to) = span(g.bottom);
        // Neither the front bar nor the markers' band reaches the top text's capitals.
        let caps_from = g.top[0] - 0.73 * g.top[1] / 2.0;
        assert!(g.front + g.marker_band <= caps_from, "{caps_from}");
        assert!(top_to <= box_top && box_top + box_h <= bottom_from);
        assert!(bottom_to <= 1.0 - g.border);
    }
}
