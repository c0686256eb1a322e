//! Transport types of the play view: a game's position as the view draws it, the phase, the
//! victory conditions, the dice log, the legal commands, reach and attack previews. The core's
//! ruleset-neutral types (`kepi::engine::counters`, `kepi::engine::preview`) are mirrored here
//! field for field (converted through serde, so a field renamed in the core fails the tests
//! that convert a real game's).

use super::{AppError, ErrorCode, MapView};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

/// A core value in its transport shape (same fields, through serde).
pub fn mirror<T: Serialize, D: DeserializeOwned>(v: &T) -> D {
    serde_json::to_value(v)
        .and_then(serde_json::from_value)
        .expect("transport types mirror the core's fields")
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "Counter")]
pub struct CounterDto {
    /// The unit's name in commands ("British MZ 3").
    pub id: String,
    pub side: usize,
    pub code: String,
    pub kind: String,
    /// "infantry", "cavalry", "mounted_rifles", "artillery", "horse_artillery",
    /// "machine_gun", "other", "leader".
    pub symbol: String,
    /// The printed values ("3-2-4"; guns "2/4-1-3").
    pub values: String,
    /// "off", "map", "exited", "eliminated", or "unseen" (on the map where the side the board
    /// is drawn for cannot see it: no hex, facing or markers).
    pub place: String,
    pub hex: Option<String>,
    pub order: u32,
    pub markers: Vec<String>,
    #[serde(default)]
    pub group: Option<String>,
    #[serde(default)]
    pub arrives: Option<String>,
    /// The printed values by name (("Attack", "3")): what a counter layout's named places
    /// print.
    #[serde(default)]
    pub properties: Vec<(String, String)>,
    /// Where it faces, degrees clockwise from north (0, 30, ... 330), for a system whose units
    /// face: drawn as the system's layout says (a notch, or the counter turned), turned with
    /// `[` and `]` or by dragging.
    #[serde(default)]
    pub facing: Option<u16>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "HexMarker")]
pub struct HexMarkerDto {
    pub hex: String,
    pub marker: String,
    pub side: Option<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "SideStanding")]
pub struct SideStandingDto {
    pub morale: Option<String>,
    pub notes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "DeploymentArea")]
pub struct DeploymentAreaDto {
    pub side: usize,
    pub text: String,
    pub hexes: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "Board")]
pub struct BoardDto {
    pub counters: Vec<CounterDto>,
    pub hex_markers: Vec<HexMarkerDto>,
    pub sides: Vec<SideStandingDto>,
    pub deployment: Vec<DeploymentAreaDto>,
    /// The cards a system shows beside the map (the card in play, a deck's cards left);
    /// empty for a system without cards.
    #[serde(default)]
    pub cards: Vec<CardShownDto>,
}

/// A marker a system's counters and hexes may carry, as printed: the word on it and its
/// colour (`Ruleset::markers`). The views draw a marker by this alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "MarkerKind")]
pub struct MarkerKindDto {
    pub key: String,
    pub word: String,
    pub colour: [u8; 3],
    #[serde(default)]
    pub transient: bool,
    /// Shown as the back of the counter (a band across it), not as a tag.
    #[serde(default)]
    pub back: bool,
}

/// How the game's system prints its counters (`Ruleset::counter_layout`): what each place on a
/// counter shows and how facing shows, with where each part goes and the unit-type symbols
/// (the same the core's counter pictures draw, whatever the system). The counters layer draws
/// by this alone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "CounterLayout")]
pub struct CounterLayoutDto {
    pub top: CounterTextDto,
    pub bottom: CounterTextDto,
    #[serde(default)]
    pub corners: Vec<CornerTextDto>,
    pub facing: FacingLookDto,
    #[serde(default)]
    pub back: BackLookDto,
    /// The core's `COUNTER_GEOMETRY` (filled here: the core's layout does not carry it).
    #[serde(default = "counter_geometry")]
    pub geometry: CounterGeometryDto,
    /// Every unit-type symbol's picture (`kepi::render::unit_symbols`), filled here likewise.
    #[serde(default = "unit_symbols")]
    pub symbols: Vec<UnitSymbolDto>,
}

/// What the back of a unit's counter shows (print's sheets): the front darker, or its reduced
/// side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "BackLook")]
#[serde(rename_all = "snake_case")]
pub enum BackLookDto {
    #[default]
    Darker,
    Reduced,
}

/// Where the parts of a counter are, as fractions of its side from its top-left corner
/// (`kepi::engine::counters::CounterGeometry`, field for field).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "CounterGeometry")]
pub struct CounterGeometryDto {
    pub border: f32,
    /// Left, top, width, height.
    pub symbol_box: [f32; 4],
    pub stroke: f32,
    /// Centre y and text height.
    pub top: [f32; 2],
    pub bottom: [f32; 2],
    pub text_width: f32,
    pub text_width_between_corners: f32,
    /// Left and right column centres.
    pub corner_x: [f32; 2],
    /// Top and bottom row centres.
    pub corner_y: [f32; 2],
    pub corner_text: f32,
    pub corner_width: f32,
    pub ring: f32,
    pub ring_line: f32,
    pub tag: f32,
    pub front: f32,
    pub marker_band: f32,
    pub marker_counter_band: f32,
    pub back_band: [f32; 2],
    pub count: f32,
    /// Dark ink on a fill of WCAG relative luminance above this, white below.
    pub ink_threshold: f32,
}

/// A unit-type symbol as SVG path data (absolute M, L, Z) in fractions of the counter's side
/// from its centre, the box where the geometry puts it: the filled parts and the stroked ones
/// (stroked `geometry.stroke` wide), either empty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "UnitSymbol")]
pub struct UnitSymbolDto {
    /// As `Counter.symbol` names it ("horse_artillery").
    pub symbol: String,
    pub fill: String,
    pub stroke: String,
}

fn counter_geometry() -> CounterGeometryDto {
    mirror(&kepi::engine::counters::COUNTER_GEOMETRY)
}

fn unit_symbols() -> Vec<UnitSymbolDto> {
    kepi::engine::counters::Symbol::ALL
        .iter()
        .map(|&s| {
            let (fill, stroke) = kepi::render::unit_symbols::counter_paths(s);
            UnitSymbolDto {
                symbol: s.key().to_string(),
                fill,
                stroke,
            }
        })
        .collect()
}

/// What a place on a counter shows: the type code, the values line, one value by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "CounterText")]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CounterTextDto {
    Code,
    Values,
    Property { name: String },
    Nothing,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "Corner")]
#[serde(rename_all = "snake_case")]
pub enum CornerDto {
    TopLeft,
    TopRight,
    BottomLeft,
    BottomRight,
}

/// A value printed in a corner, in a ring or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "CornerText")]
pub struct CornerTextDto {
    pub corner: CornerDto,
    pub text: CounterTextDto,
    #[serde(default)]
    pub ring: bool,
}

/// How facing shows: a notch at the counter's edge, or the whole counter turned to its front.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "FacingLook")]
#[serde(rename_all = "snake_case")]
pub enum FacingLookDto {
    Notch,
    Turned,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "CardShown")]
pub struct CardShownDto {
    pub title: String,
    /// The side it belongs to, coloured as that side.
    #[serde(default)]
    pub side: Option<usize>,
    pub detail: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "Progress")]
pub struct ProgressDto {
    pub turn: u32,
    pub last_turn: u32,
    pub player: usize,
    pub phase_key: String,
    pub phase: String,
    pub waiting_for: Option<String>,
    pub deploying: bool,
    pub over: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "Side")]
pub struct SideDto {
    pub id: String,
    pub name: String,
    pub color: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "Phase")]
pub struct PhaseDto {
    pub key: String,
    pub name: String,
    pub case: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "OptionalRule")]
pub struct OptionalRuleDto {
    pub key: String,
    pub name: String,
    pub case: String,
    pub default: bool,
    #[serde(default)]
    pub note: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "VictoryCondition")]
pub struct VictoryDto {
    pub text: String,
    pub side: Option<usize>,
    #[serde(default)]
    pub level: Option<String>,
    /// "open", "met", "not_met".
    pub status: String,
    pub detail: String,
}

/// One roll of the game, as the dice log lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct DiceEntry {
    /// The archive node of the command that rolled it.
    pub node: i64,
    /// The command in words.
    pub command: String,
    pub purpose: String,
    /// "1d6".
    pub dice: String,
    pub faces: Vec<u8>,
    pub total: u32,
    /// What the roll was read on ("column 3-1"), in words.
    pub context: String,
    /// A face chosen, not rolled (a test's or a "what if").
    pub forced: bool,
    /// What the command did, in words.
    pub results: Vec<String>,
}

/// One legal command: what to send, its words, and how the view offers it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct LegalCommand {
    /// The command in its stored form: send it back as it is (never read by the view).
    #[ts(type = "unknown")]
    pub command: Value,
    /// In words ("Deploy British MZ 1 at 0101").
    pub label: String,
    /// How the view offers it, from its rule system.
    pub info: CommandInfoDto,
}

/// The core's `CommandInfo`: how the play view offers a command (the shell and the UI read
/// nothing else of it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "CommandInfo")]
pub struct CommandInfoDto {
    /// The system's own key of the command ("fire"): a data attribute, never branched on.
    pub kind: String,
    /// "button" (beside the map), "unit" (a button of the selected unit), "map" (a hex
    /// clicked), "reach" (a move through the selected unit's reach).
    pub offer: String,
    /// "none", "unit", "hex", "hexside", "card".
    pub target: String,
    /// The unit it is given for.
    pub unit: Option<String>,
    /// Every unit it involves (selecting any lists it).
    pub units: Vec<String>,
    /// The hex chosen for it.
    pub hex: Option<String>,
    pub hexside: Option<String>,
    pub card: Option<String>,
    /// Hexes shown while its button is hovered.
    pub path: Vec<String>,
    /// Its attack is previewed before it is given.
    pub preview: bool,
    /// It ends the phase (the E key, the primary button).
    pub ends_phase: bool,
    /// It resolves something still open: ending the phase while it is legal asks first.
    pub resolves: bool,
    /// A move that takes waypoints.
    pub waypoints: bool,
    /// Its own key in the play view.
    pub key: Option<String>,
    /// Where the unit faces after it, degrees clockwise from north: a turn the view gives with
    /// `[`, `]` or a drag from the unit.
    #[serde(default)]
    pub facing: Option<u16>,
    /// For a command that moves several units at once: each unit's path, drawn while its button
    /// is hovered.
    #[serde(default)]
    pub steps: Vec<UnitStepDto>,
}

/// One unit's path within a command that moves several.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "UnitStep")]
pub struct UnitStepDto {
    pub unit: String,
    /// Printed hex names, from the hex it leaves to the one it ends in.
    pub path: Vec<String>,
}

/// A game as the play view shows it after each command.
#[derive(Clone, Debug, Serialize, TS)]
pub struct PlayView {
    pub game: i64,
    /// The node the view shows (the last command played).
    pub node: i64,
    pub title: String,
    pub ruleset_name: String,
    pub seed: String,
    pub players: Vec<String>,
    pub sides: Vec<SideDto>,
    pub phases: Vec<PhaseDto>,
    pub progress: ProgressDto,
    /// The markers of the game's system, as printed (how the counters layer draws them).
    pub markers: Vec<MarkerKindDto>,
    /// How the game's system prints its counters.
    pub counter_layout: CounterLayoutDto,
    /// The board as `seen_by` sees it (units it cannot see are "unseen"), the whole board when
    /// none.
    pub board: BoardDto,
    /// The side whose eyes the board is drawn with, in a system whose units may be hidden
    /// (`Ruleset::hides_units`): the one side a person plays against the computer, or, with
    /// two people at one screen, the side to act. `None`: the whole board.
    pub seen_by: Option<usize>,
    /// A game recorded under an older rules version of its system, played on under today's:
    /// says so ("Recorded under <system> rules 1; the commands played now follow today's
    /// rules 2 and are recorded so.").
    pub rules_note: Option<String>,
    pub victory: Vec<VictoryDto>,
    /// Once the game is over: who won, and why.
    pub result: Option<String>,
    /// Every roll of the line played so far, newest first.
    pub dice: Vec<DiceEntry>,
    /// What the last command did, in words.
    pub last: Vec<String>,
    /// The scenario's scripted events that happened in the last command ("Game-turn 3, end:
    /// Reynolds is killed ..."), which the view announces apart from its results. Public to
    /// both sides: the scenario's text, not a unit's whereabouts.
    pub happened: Vec<String>,
    /// Legal commands that name no unit and no hex (end the phase, resolve fire, a choice
    /// the game waits for).
    pub general: Vec<LegalCommand>,
    /// Some legal command is a move through a unit's reach (a selected unit's reach is shown).
    pub moving: bool,
    pub can_take_back: bool,
    pub state_hash: String,
    /// Per side: the computer's level when the computer plays it.
    pub computer: Vec<Option<String>>,
    /// The computer's commands and the terms that chose them, newest first.
    pub explanations: Vec<String>,
    /// The levels the computer can play this system at.
    pub levels: Vec<String>,
}

/// A game's first view: the map it is played on, and the game.
#[derive(Clone, Debug, Serialize, TS)]
pub struct PlayOpened {
    pub map: MapView,
    pub view: PlayView,
}

/// What starting a game needs.
#[derive(Clone, Debug, Deserialize, TS)]
pub struct NewGameSpec {
    /// The Library entry of the scenario.
    pub key: String,
    /// Optional rules switched on or off, by key; the others as the scenario says.
    pub rules: Vec<(String, bool)>,
    /// The players' names, one per side (may be empty).
    pub players: Vec<String>,
    /// A seed as decimal digits; random when absent.
    #[ts(optional)]
    pub seed: Option<String>,
    /// Per side: the computer's level playing it ("standard", "random"), or "" for a person.
    #[serde(default)]
    #[ts(optional)]
    pub computer: Option<Vec<String>>,
}

/// What a scenario offers before a game of it starts.
#[derive(Clone, Debug, Serialize, TS)]
pub struct GameChoices {
    pub title: String,
    pub ruleset_name: String,
    pub sides: Vec<SideDto>,
    /// Every optional rule of the system, with the value the scenario gives it.
    pub rules: Vec<(OptionalRuleDto, bool)>,
    /// The levels the computer can play this system at.
    pub levels: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "ReachHex")]
pub struct ReachHexDto {
    pub hex: String,
    pub cost: String,
    pub left: String,
    pub path: Vec<String>,
    #[serde(default)]
    pub notes: Vec<String>,
    /// The hexes entered where the path draws passing fire (AoR 7.12), one a firing stack.
    #[serde(default)]
    pub fires: Vec<String>,
    #[ts(type = "unknown")]
    pub command: Value,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "Reach")]
pub struct ReachDto {
    pub unit: String,
    pub from: Option<String>,
    pub allowance: String,
    pub spent: String,
    pub hexes: Vec<ReachHexDto>,
    #[serde(default)]
    pub refused: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "Sight")]
pub struct SightDto {
    pub from: String,
    pub to: String,
    pub clear: bool,
    #[serde(default)]
    pub blocked_by: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "Modifier")]
pub struct ModifierDto {
    pub name: String,
    pub case: String,
    pub effect: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "Contribution")]
pub struct ContributionDto {
    pub unit: String,
    pub hex: String,
    pub base: String,
    pub value: String,
    #[serde(default)]
    pub modifiers: Vec<ModifierDto>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "ResultChance")]
pub struct ResultChanceDto {
    pub result: String,
    pub meaning: String,
    pub faces: Vec<u32>,
    pub chance: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "AttackPreview")]
pub struct AttackPreviewDto {
    pub kind: String,
    pub target: String,
    pub attackers: Vec<ContributionDto>,
    pub defenders: Vec<ContributionDto>,
    pub attack_total: String,
    pub defense_total: String,
    pub modifiers: Vec<ModifierDto>,
    pub column: String,
    pub odds: String,
    pub dice: String,
    pub outcomes: u32,
    pub results: Vec<ResultChanceDto>,
    #[serde(default)]
    pub notes: Vec<String>,
}

impl From<kepi::engine::RuleError> for AppError {
    fn from(e: kepi::engine::RuleError) -> AppError {
        AppError::new(ErrorCode::Refused, e.to_string())
    }
}

impl From<kepi::vassal::VassalError> for AppError {
    fn from(e: kepi::vassal::VassalError) -> AppError {
        use kepi::vassal::VassalError as V;
        let code = match &e {
            V::Ruleset(_) | V::Setup(_) => ErrorCode::Refused,
            V::Render(_) => ErrorCode::Render,
            V::Zip(_) => ErrorCode::Io,
        };
        AppError::new(code, e.to_string())
    }
}

impl From<kepi::archive::ArchiveError> for AppError {
    fn from(e: kepi::archive::ArchiveError) -> AppError {
        use kepi::archive::ArchiveError as A;
        match e {
            A::Rule(r) => r.into(),
            other => AppError::new(ErrorCode::Archive, other.to_string()),
        }
    }
}

/// One command of a game's line, as the replay view's move list shows it.
#[derive(Clone, Debug, Serialize, TS)]
pub struct LineEntry {
    pub node: i64,
    /// The command in words.
    pub command: String,
    /// Where the game stood after it.
    pub turn: u32,
    pub phase: String,
    pub player: usize,
    pub dice: Vec<DiceEntry>,
    /// What it did, in words.
    pub results: Vec<String>,
    /// Its variation's name, when it begins a named one.
    pub name: Option<String>,
    /// Whether it is its parent's first child (on the main line from that fork).
    pub first: bool,
    /// The other commands played at this point (variations), in order.
    pub variations: Vec<VariationDto>,
    /// How many annotations the node has.
    pub annotations: u32,
    /// The rules version its command was played under, when not the game's (a game played on
    /// under a later version).
    pub rules_version: Option<u32>,
    /// Shown as recorded: today's rules replay the line differently from here or above (a rule
    /// changed since it was played), so `command` and `dice` are the record's, in words
    /// against the last position both agree on, and `results` is empty.
    pub as_recorded: bool,
    /// Whether `command`, `dice`, `results` and the variations' commands are filled in: a long
    /// line is answered with the page around the position opened described, the rest (node,
    /// turn, phase, player, fork and name, which the archive's rows hold) to be described in
    /// pages (`replay_moves`).
    pub described: bool,
}

/// Another command played at the same point: a variation.
#[derive(Clone, Debug, Serialize, TS)]
#[ts(rename = "Variation")]
pub struct VariationDto {
    pub node: i64,
    pub name: Option<String>,
    /// Its command in words.
    pub command: String,
}

/// A game opened for review: its map and its main line.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ReplayOpened {
    pub map: MapView,
    pub game: i64,
    pub title: String,
    pub players: Vec<String>,
    pub sides: Vec<SideDto>,
    /// The node before any command.
    pub root: i64,
    /// The line shown: the main line, or the line through a variation (first children after it).
    pub line: Vec<LineEntry>,
    /// Whether `line` is the game's main line.
    pub main: bool,
    pub last_turn: u32,
    /// The markers of the game's system, as printed (how the counters layer draws them).
    pub markers: Vec<MarkerKindDto>,
    /// How the game's system prints its counters.
    pub counter_layout: CounterLayoutDto,
    /// The system may hide units from a side: the view offers the board as each side saw it.
    pub hides_units: bool,
    /// The rules the game was recorded under ("<system> rules 1"), and, when Kepi plays a later
    /// version today, that it does.
    pub rules_note: String,
    /// The result, when the line ends the game.
    pub result: Option<String>,
    /// The position at the node the line was opened through (the end of the line when none),
    /// so that the first picture needs no second round trip.
    pub position: Option<ReplayPosition>,
    /// The line's last node: names the line to `replay_moves`, which describes the rest of it.
    pub tip: i64,
}

/// A shape drawn on the map by an annotation: an arrow between two hexes, or a hex
/// highlighted, in a colour (`#rrggbb`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[ts(rename = "Shape")]
pub enum ShapeDto {
    Arrow {
        from: String,
        to: String,
        color: String,
    },
    Highlight {
        hex: String,
        color: String,
    },
}

/// A comment on a node: markdown text, shapes on the map, tags.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(rename = "Annotation")]
pub struct AnnotationDto {
    #[serde(default)]
    pub id: i64,
    #[serde(default)]
    pub node: i64,
    #[serde(default)]
    pub author: String,
    pub text: String,
    pub shapes: Vec<ShapeDto>,
    pub tags: Vec<String>,
    #[serde(default)]
    pub created: String,
    #[serde(default)]
    pub updated: String,
}

/// The position at one node of the game open for review.
#[derive(Clone, Debug, Serialize, TS)]
pub struct ReplayPosition {
    pub node: i64,
    /// The annotations of this node.
    pub annotations: Vec<AnnotationDto>,
    /// The board as `seen_by` saw it, the whole board when none.
    pub board: BoardDto,
    pub seen_by: Option<usize>,
    pub progress: ProgressDto,
    pub victory: Vec<VictoryDto>,
    pub state_hash: String,
    /// Set when the position is shown as recorded: "Recorded under Rifle & Saber rules 1; from
    /// game-turn 2 (fire) today's rules 2 read this differently: …". The board is then the
    /// whole board as recorded, and `victory` is empty.
    pub as_recorded: Option<String>,
}

/// A search of the archive as the Library's search box sends it: words (matched as prefixes,
/// all of them), and filters.
#[derive(Clone, Debug, Deserialize, TS)]
pub struct SearchSpec {
    pub text: String,
    #[ts(optional)]
    pub scenario: Option<String>,
    /// The rule system's key, as the registry knows it.
    #[ts(optional)]
    pub ruleset: Option<String>,
    #[ts(optional)]
    pub tag: Option<String>,
    /// The winner's side id, or "none".
    #[ts(optional)]
    pub result: Option<String>,
    /// Games created from this date (YYYY-MM-DD), and until this one.
    #[ts(optional)]
    pub from: Option<String>,
    #[ts(optional)]
    pub to: Option<String>,
}

/// A game or an annotation found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
#[ts(rename = "SearchHit")]
pub struct HitDto {
    pub game: i64,
    pub title: String,
    /// The annotated node, when the hit is an annotation.
    pub node: Option<i64>,
    pub annotation: Option<i64>,
    pub snippet: String,
}
