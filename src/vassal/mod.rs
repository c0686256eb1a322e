//! Export a scenario, or a game in progress, as a VASSAL module (`.vmod`, read by VASSAL 3.5
//! and later): `moduledata`, `buildFile.xml`, the board picture, the counter pictures and a
//! help page, in one zip.
//!
//! What the module holds: one map whose board is the core's scenario picture, with a
//! `HexGrid` whose centres are the picture's ([`grid`]) and a `HexGridNumbering` naming hexes
//! as Kepi does ("0812"); a counter tray (`PieceWindow`) per side with every unit of the
//! scenario, and one of markers; for a game, every unit on the map at its hex in a
//! `SetupStack` named by grid location, with its markers; a 1d6 dice button; a game-turn
//! counter of the scenario's length; the scenario's text (forces, deployment, reinforcements
//! by game-turn, victory conditions, special rules, notes) as the module's help page.
//!
//! Invariants: every `PieceSlot` has its own `gpid`, numbered from 1, and the module's
//! `nextPieceSlotId` is one more than the largest; piece definitions are VASSAL's encoding
//! ([`pieces`]); every `SetupStack` names a hex of the map. The export is Rifle & Saber's:
//! other rule systems are refused with a message saying so.

pub mod build_file;
pub mod counters;
pub mod grid;
pub mod help;
pub mod pieces;
pub mod sequence;

use crate::engine::game::AnyState;
use crate::engine::rifle_and_saber::setup::{GameOptions, Setup};
use crate::engine::rifle_and_saber::state::{Location, State};
use crate::map::HexCoord;
use crate::render::{self, Layout, RenderOptions, side_rgb};
use crate::scenario::Scenario;
use build_file::Element;
use counters::MARKERS;
use grid::VassalGrid;
use pieces::Piece;
use serde_json::{Value, json};
use std::io::Write;

/// Default pixels per hex (corner to corner) of the board picture.
pub const DEFAULT_HEX_SIZE: u32 = 96;
/// The VASSAL version the module declares it needs.
pub const VASSAL_VERSION: &str = "3.7.0";
/// The board's name in the module.
const BOARD: &str = "Board";
const MAP: &str = "Main Map";

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VassalError {
    #[error("VASSAL export knows Rifle & Saber only; this is a '{0}' game")]
    Ruleset(String),
    #[error("{0}")]
    Setup(String),
    #[error("cannot draw the module's pictures: {0}")]
    Render(#[from] render::RenderError),
    #[error("cannot write the module: {0}")]
    Zip(String),
}

/// How to export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    /// Pixels per hex of the board picture, corner to corner.
    pub hex_size: u32,
}

impl Default for ExportOptions {
    fn default() -> ExportOptions {
        ExportOptions {
            hex_size: DEFAULT_HEX_SIZE,
        }
    }
}

/// A written module, with what an independent reader should find in it.
#[derive(Clone, Debug)]
pub struct Exported {
    /// The `.vmod` file's bytes.
    pub vmod: Vec<u8>,
    /// For checkers: every hex's name and centre in the board picture, every unit with its
    /// side, values and hex (for a game), the markers on the map.
    pub expected: Value,
    /// Board picture size in pixels.
    pub board_size: (u32, u32),
    /// Number of piece slots (trays and set-up stacks).
    pub slots: u32,
}

/// Numbers piece slots.
struct Slots {
    next: u32,
    size: u32,
}

impl Slots {
    fn slot(&mut self, entry_name: &str, piece: &Piece) -> Element {
        let gpid = self.next;
        self.next += 1;
        Element::new("VASSAL.build.widget.PieceSlot")
            .attr("entryName", entry_name)
            .attr("gpid", gpid)
            .attr("height", self.size)
            .attr("width", self.size)
            .text(&piece.slot_text(gpid))
    }
}

/// Counter size for a hex size: a little over half the hex.
pub fn counter_size(hex_size: u32) -> u32 {
    ((hex_size as f64 * 0.62).round() as u32).max(16)
}

/// Export `scenario`, or, with `game`, the game's current position on it.
pub fn export(
    scenario: &Scenario,
    game: Option<&AnyState>,
    options: &ExportOptions,
) -> Result<Exported, VassalError> {
    let state: Option<&State> = match game {
        Some(g) => Some(
            g.downcast::<State>()
                .ok_or_else(|| VassalError::Ruleset(g.rules().key().to_string()))?,
        ),
        None => None,
    };
    if state.is_none()
        && scenario.file.ruleset.key() != crate::engine::rifle_and_saber::ruleset::KEY
    {
        return Err(VassalError::Ruleset(
            scenario.file.ruleset.key().to_string(),
        ));
    }
    let setup_owned;
    let setup: &Setup = match state {
        Some(s) => &s.setup,
        None => {
            setup_owned = Setup::new(scenario, GameOptions::default())
                .map_err(|e| VassalError::Setup(e.to_string()))?;
            &setup_owned
        }
    };
    let ropts = RenderOptions {
        scale: options.hex_size,
        hex_numbers: true,
        labels: true,
    };
    let board = render::render_scenario(scenario, &ropts)?;
    let board_png = render::encode_png(&board)?;
    let layout = Layout::new(&scenario.map.grid, options.hex_size)?;
    let vgrid = VassalGrid::new(&layout);
    let size = counter_size(options.hex_size);
    let colors = side_rgb(scenario);

    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    files.push(("images/board.png".into(), board_png));
    // One picture per side and unit type used.
    let mut drawn = std::collections::BTreeSet::new();
    for u in &setup.units {
        let name = counters::unit_image(setup, u.side, u.kind);
        if drawn.insert(name.clone()) {
            let img = counters::unit_picture(setup, u.kind, colors[u.side], size);
            files.push((format!("images/{name}"), render::encode_png(&img)?));
        }
    }
    for (key, word, fill) in MARKERS {
        let img = counters::marker_picture(word, fill, size);
        files.push((
            format!("images/{}", counters::marker_image(key)),
            render::encode_png(&img)?,
        ));
    }

    let mut slots = Slots { next: 1, size };
    let mut windows = Vec::new();
    let mut units_json = Vec::new();
    for side in 0..2 {
        let mut panel = Element::new("VASSAL.build.widget.PanelWidget")
            .attr("entryName", &setup.sides[side].name)
            .attr("fixed", "false")
            .attr("nColumns", 8)
            .attr("scale", "1.0")
            .attr("vert", "false");
        for (i, u) in setup
            .units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.side == side)
        {
            let piece = counters::unit_piece(setup, i);
            panel = panel.child(slots.slot(&u.label, &piece));
            let hex = state
                .and_then(|s| s.units[i].hex())
                .map(|h| setup.grid.name(h));
            units_json.push(json!({
                "label": u.label,
                "side": setup.sides[side].name,
                "type": setup.kinds[u.kind].code,
                "properties": piece.properties.iter().map(|(k, v)| (k.clone(), Value::from(v.clone()))).collect::<serde_json::Map<String, Value>>(),
                "hex": hex,
            }));
        }
        windows.push(
            Element::module("PieceWindow")
                .attr("name", &setup.sides[side].name)
                .attr("buttonText", &setup.sides[side].name)
                .attr("tooltip", format!("{} counters", setup.sides[side].name))
                .attr("hidden", "false")
                .attr("scale", "1.0")
                .child(panel),
        );
    }
    let mut marker_panel = Element::new("VASSAL.build.widget.PanelWidget")
        .attr("entryName", "Markers")
        .attr("fixed", "false")
        .attr("nColumns", 5)
        .attr("scale", "1.0")
        .attr("vert", "false");
    for (key, word, _) in MARKERS {
        marker_panel = marker_panel.child(slots.slot(word, &counters::marker_piece(key, word)));
    }
    windows.push(
        Element::module("PieceWindow")
            .attr("name", "Markers")
            .attr("buttonText", "Markers")
            .attr(
                "tooltip",
                "Markers: disrupted, limbered, trench, improved position, charge",
            )
            .attr("hidden", "false")
            .attr("scale", "1.0")
            .child(marker_panel),
    );

    // A game's position: a set-up stack per occupied hex, units in their stacking order, then
    // the markers of the hex and of its units.
    let mut stacks = Vec::new();
    let mut markers_json = Vec::new();
    if let Some(s) = state {
        let mut by_hex: std::collections::BTreeMap<HexCoord, Vec<usize>> = Default::default();
        for (i, u) in s.units.iter().enumerate() {
            if let Location::Hex(h) = u.location {
                by_hex.entry(h).or_default().push(i);
            }
        }
        for h in s.trenches.iter().chain(s.improved.iter()) {
            by_hex.entry(*h).or_default();
        }
        for (h, mut units) in by_hex {
            units.sort_by_key(|&i| s.units[i].order);
            let name = setup.grid.name(h);
            let mut stack = Element::module("map.SetupStack")
                .attr("name", &name)
                .attr("owningBoard", BOARD)
                .attr("useGridLocation", "true")
                .attr("location", &name)
                .attr("x", 0)
                .attr("y", 0);
            let mut marks: Vec<usize> = Vec::new();
            if s.trenches.contains(&h) {
                marks.push(counters::TRENCH);
            }
            if s.improved.contains(&h) {
                marks.push(counters::IMPROVED_POSITION);
            }
            for &i in &units {
                let u = &s.units[i];
                let piece = counters::unit_piece(setup, i);
                stack = stack.child(slots.slot(&setup.units[i].label, &piece));
                let mut own = Vec::new();
                if u.disrupted() {
                    own.push(counters::DISRUPTED);
                }
                if u.limbered {
                    own.push(counters::LIMBERED);
                }
                if u.charging {
                    own.push(counters::CHARGE);
                }
                for m in own {
                    let (key, word, _) = MARKERS[m];
                    stack = stack.child(slots.slot(word, &counters::marker_piece(key, word)));
                    markers_json
                        .push(json!({"hex": name, "marker": key, "unit": setup.units[i].label}));
                }
            }
            for m in marks {
                let (key, word, _) = MARKERS[m];
                stack = stack.child(slots.slot(word, &counters::marker_piece(key, word)));
                markers_json.push(json!({"hex": name, "marker": key}));
            }
            stacks.push(stack);
        }
    }

    let title = &scenario.file.title;
    let help_html = help::page(scenario, setup, state);
    files.push(("help/scenario.html".into(), help_html.into_bytes()));

    let map = map_element(&vgrid, size).children(stacks);
    let last = setup.game_length;
    let module = Element::new("VASSAL.build.GameModule")
        .attr("ModuleOther1", "")
        .attr("ModuleOther2", "")
        .attr("VassalVersion", VASSAL_VERSION)
        .attr("description", module_description(scenario, state))
        .attr("name", module_name(scenario, state))
        .attr("nextPieceSlotId", slots.next)
        .attr("version", "1.0")
        .child(Element::module("BasicCommandEncoder"))
        .child(
            Element::module("Documentation").child(
                Element::module("documentation.HelpFile")
                    .attr("fileName", "help/scenario.html")
                    .attr("fileType", "archive")
                    .attr("title", format!("{title}: scenario"))
                    .attr("vassalDoc", "user"),
            ),
        )
        .child(Element::module("Chatter"))
        .child(
            Element::module("PlayerRoster").children(
                setup
                    .sides
                    .iter()
                    .map(|s| Element::new("entry").text(&s.name)),
            ),
        )
        .child(Element::module("GlobalOptions"))
        .child(map)
        .children(windows)
        .child(
            Element::module("DiceButton")
                .attr("name", "1d6")
                .attr("text", "1d6")
                .attr("tooltip", "Roll one six-sided die (Rifle & Saber)")
                .attr("nDice", 1)
                .attr("nSides", 6)
                .attr("plus", 0)
                .attr("addToTotal", 0)
                .attr("reportTotal", "false")
                .attr("prompt", "false")
                .attr("reportFormat", "** $name$ = $result$ *** <$playerName$>"),
        )
        .child(
            Element::module("turn.TurnTracker")
                .attr("name", "Game-Turn")
                .attr("buttonText", "Game-Turn")
                .attr("turnFormat", "$level1$")
                .attr("length", last)
                .attr("lengthStyle", "Maximum")
                .child(
                    Element::module("turn.CounterTurnLevel")
                        .attr("property", "GameTurn")
                        .attr("start", 1)
                        .attr("incr", 1)
                        .attr("loop", "true")
                        .attr("loopLimit", last)
                        .attr("turnFormat", format!("Game-Turn $value$ of {last}")),
                ),
        )
        .child(
            Element::module("NotesWindow")
                .attr("buttonText", "Notes")
                .attr("name", "Notes"),
        );
    let build = module.document();

    let moduledata = Element::new("data")
        .attr("version", 1)
        .child(Element::new("version").text("1.0"))
        .child(Element::new("extra1"))
        .child(Element::new("extra2"))
        .child(Element::new("VassalVersion").text(VASSAL_VERSION))
        .child(Element::new("dateSaved").text(&now_millis().to_string()))
        .child(Element::new("description").text(&module_description(scenario, state)))
        .child(Element::new("name").text(&module_name(scenario, state)))
        .document();

    let vmod =
        write_zip(&moduledata, &build, &files).map_err(|e| VassalError::Zip(e.to_string()))?;
    let hexes: Vec<Value> = scenario
        .map
        .grid
        .hexes()
        .map(|h| {
            let (x, y) = layout.center(h);
            json!({"name": setup.grid.name(h), "x": x, "y": y})
        })
        .collect();
    let expected = json!({
        "board": {"image": "images/board.png", "width": board.width(), "height": board.height()},
        "sides": setup.sides.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
        "hexes": hexes,
        "units": units_json,
        "markers": markers_json,
        "game": state.is_some(),
        "game_length": last,
        "next_piece_slot_id": slots.next,
    });
    Ok(Exported {
        vmod,
        expected,
        board_size: board.dimensions(),
        slots: slots.next - 1,
    })
}

fn module_name(s: &Scenario, state: Option<&State>) -> String {
    match state {
        Some(st) => format!("{} (game-turn {})", s.file.title, st.turn),
        None => s.file.title.clone(),
    }
}

fn module_description(s: &Scenario, state: Option<&State>) -> String {
    match state {
        Some(st) => format!(
            "Rifle & Saber: a game of {} ({}) at game-turn {}, exported by Kepi",
            s.file.title, s.file.date, st.turn
        ),
        None => format!(
            "Rifle & Saber: the scenario {} ({}), exported by Kepi",
            s.file.title, s.file.date
        ),
    }
}

fn now_millis() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0)
}

/// The map with its board, grid and numbering, and VASSAL's usual map components.
fn map_element(g: &VassalGrid, counter: u32) -> Element {
    let numbering = Element::module("map.boardPicker.board.mapgrid.HexGridNumbering")
        .attr("first", g.first)
        .attr("sep", "")
        .attr("hType", "N")
        .attr("hLeading", g.h_leading)
        .attr("hOff", g.h_off)
        .attr("hDescend", "false")
        .attr("vType", "N")
        .attr("vLeading", g.v_leading)
        .attr("vOff", g.v_off)
        .attr("vDescend", "false")
        .attr("stagger", "false")
        .attr("locationFormat", "$gridLocation$")
        .attr("visible", "false")
        .attr("fontSize", 9)
        .attr("color", "0,0,0")
        .attr("rotateText", 0)
        .attr("hDrawOff", 0)
        .attr("vDrawOff", 0);
    let hexgrid = Element::module("map.boardPicker.board.HexGrid")
        .attr("sideways", g.sideways)
        .attr("x0", g.x0)
        .attr("y0", g.y0)
        .attr("dy", g.dy)
        .attr("dx", g.dx)
        .attr("snapTo", "true")
        .attr("edgesLegal", "false")
        .attr("cornersLegal", "false")
        .attr("visible", "false")
        .attr("dotsVisible", "false")
        .attr("color", "0,0,0")
        .child(numbering);
    let board = Element::module("map.boardPicker.Board")
        .attr("name", BOARD)
        .attr("image", "board.png")
        .attr("reversible", "false")
        .child(hexgrid);
    let m = |c: &str| Element::module(&format!("map.{c}"));
    Element::module("Map")
        .attr("mapName", MAP)
        .attr("allowMultiple", "false")
        .attr("markMoved", "Never")
        .child(m("BoardPicker").attr("title", "Choose board").child(board))
        .child(
            m("StackMetrics")
                .attr("bottom", "")
                .attr("disabled", "false")
                .attr("exSepX", counter / 4)
                .attr("exSepY", counter / 4)
                .attr("unexSepX", 3)
                .attr("unexSepY", 3),
        )
        .children(
            [
                "ForwardToKeyBuffer",
                "Scroller",
                "ForwardToChatter",
                "MenuDisplayer",
                "MapCenterer",
                "StackExpander",
                "PieceMover",
                "KeyBufferer",
                "ImageSaver",
                "CounterDetailViewer",
                "Zoomer",
                "SelectionHighlighters",
                "HighlightLastMoved",
            ]
            .into_iter()
            .map(m),
        )
}

fn write_zip(
    moduledata: &str,
    build: &str,
    files: &[(String, Vec<u8>)],
) -> zip::result::ZipResult<Vec<u8>> {
    use zip::write::SimpleFileOptions;
    use zip::{CompressionMethod, ZipWriter};
    let mut w = ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let deflated = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .unix_permissions(0o644);
    let stored = deflated.compression_method(CompressionMethod::Stored);
    w.start_file("moduledata", deflated)?;
    w.write_all(moduledata.as_bytes())?;
    w.start_file("buildFile.xml", deflated)?;
    w.write_all(build.as_bytes())?;
    for (path, bytes) in files {
        let o = if path.ends_with(".png") {
            stored
        } else {
            deflated
        };
        w.start_file(path.as_str(), o)?;
        w.write_all(bytes)?;
    }
    Ok(w.finish()?.into_inner())
}
