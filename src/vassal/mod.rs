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
//! ([`pieces`]); every `SetupStack` names a hex of the map.
//!
//! Every registered rule system exports: the module is built from what any system gives, the
//! position's neutral [`Board`] (counters with their printed values, values by name and
//! markers; the hexes' markers) and the system's marker catalog ([`AnyRuleset::markers`]). A
//! scenario exports the position at its start (units a scenario places at fixed hexes are
//! set up; units that deploy wait in the trays).

pub mod build_file;
pub mod counters;
pub mod grid;
pub mod help;
pub mod pieces;
pub mod sequence;

use crate::engine::AnyState;
use crate::engine::counters::{Board, Counter, MarkerKind, Place};
use crate::render::{self, Layout, RenderOptions, side_rgb};
use crate::scenario::Scenario;
use build_file::Element;
use grid::VassalGrid;
use pieces::Piece;
use serde_json::{Value, json};
use std::collections::BTreeMap;
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
    /// The scenario's rule system is not registered, or the game is another system's.
    #[error("{0}")]
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
    /// side, values and hex (when set up), the markers on the map.
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

/// The markers of the module: the system's catalog, then any key the position shows that the
/// catalog lacks (drawn with its key as the word), each once.
fn marker_kinds(catalog: Vec<MarkerKind>, board: &Board) -> Vec<MarkerKind> {
    let mut kinds = catalog;
    let shown = board
        .counters
        .iter()
        .flat_map(|c| c.markers.iter())
        .chain(board.hex_markers.iter().map(|m| &m.marker));
    for key in shown {
        if !kinds.iter().any(|k| &k.key == key) {
            kinds.push(MarkerKind::unknown(key));
        }
    }
    kinds
}

/// Export `scenario`, or, with `game`, the game's current position on it.
pub fn export(
    scenario: &Scenario,
    game: Option<&AnyState>,
    options: &ExportOptions,
) -> Result<Exported, VassalError> {
    let rules = crate::engine::game::registry::get(scenario.file.ruleset.key())
        .map_err(VassalError::Ruleset)?;
    if let Some(g) = game
        && g.rules().key() != rules.key()
    {
        return Err(VassalError::Ruleset(format!(
            "the game is played under '{}', its scenario '{}' under '{}'",
            g.rules().key(),
            scenario.file.id,
            rules.key()
        )));
    }
    let started;
    let state: &AnyState = match game {
        Some(g) => g,
        None => {
            started = rules
                .start(scenario, &rules.default_options())
                .map_err(|e| VassalError::Setup(format!("{}: {e}", scenario.file.id)))?;
            &started
        }
    };
    let board = rules.board(state);
    let sides = rules.sides(state);
    let progress = rules.progress(state);
    let markers = marker_kinds(rules.markers(), &board);
    let counter_layout = rules.counter_layout();
    let marker = |key: &str| -> &MarkerKind {
        markers
            .iter()
            .find(|m| m.key == key)
            .expect("marker_kinds holds every key the board shows")
    };
    let id = &scenario.file.id;
    let side_of = |c: &Counter| -> Result<&crate::engine::SideInfo, VassalError> {
        sides.get(c.side).ok_or_else(|| {
            VassalError::Setup(format!(
                "{id}: unit {} is of side {}, the game has {}",
                c.id,
                c.side + 1,
                sides.len()
            ))
        })
    };

    let ropts = RenderOptions {
        scale: options.hex_size,
        hex_numbers: true,
        labels: true,
    };
    let board_picture = render::render_scenario(scenario, &ropts)?;
    let board_png = render::encode_png(&board_picture)?;
    let layout = Layout::new(&scenario.map.grid, options.hex_size)?;
    let vgrid = VassalGrid::new(&layout);
    let size = counter_size(options.hex_size);
    let colors = side_rgb(scenario);

    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    files.push(("images/board.png".into(), board_png));
    // One picture per look (side, symbol, what the system's layout prints); every counter's
    // picture by index.
    let mut looks = counters::Looks::default();
    let mut image_of = Vec::with_capacity(board.counters.len());
    for c in &board.counters {
        let side = side_of(c)?;
        let (name, new) = looks.image(&side.id, c, &counter_layout);
        if new {
            // The scenario format has two sides: a third (a system's own) takes the second's colour.
            let img = counters::unit_picture(c, &counter_layout, colors[c.side.min(1)], size);
            files.push((format!("images/{name}"), render::encode_png(&img)?));
        }
        image_of.push(name);
    }
    for m in &markers {
        let img = counters::marker_picture(m, size);
        files.push((
            format!("images/{}", counters::marker_image(&m.key)),
            render::encode_png(&img)?,
        ));
    }

    let mut slots = Slots { next: 1, size };
    let mut windows = Vec::new();
    let mut units_json = Vec::new();
    for (side, info) in sides.iter().enumerate() {
        let mut panel = Element::new("VASSAL.build.widget.PanelWidget")
            .attr("entryName", &info.name)
            .attr("fixed", "false")
            .attr("nColumns", 8)
            .attr("scale", "1.0")
            .attr("vert", "false");
        for (i, c) in board
            .counters
            .iter()
            .enumerate()
            .filter(|(_, c)| c.side == side)
        {
            let piece = counters::unit_piece(&image_of[i], &info.name, c);
            panel = panel.child(slots.slot(&c.id, &piece));
            let hex = (c.place == Place::Map).then(|| c.hex.clone()).flatten();
            units_json.push(json!({
                "label": c.id,
                "side": info.name,
                "type": c.code,
                "properties": piece.properties.iter().map(|(k, v)| (k.clone(), Value::from(v.clone()))).collect::<serde_json::Map<String, Value>>(),
                "hex": hex,
                // The rotate trait's index (steps of 30 degrees clockwise from north).
                "facing": piece.facing,
            }));
        }
        windows.push(
            Element::module("PieceWindow")
                .attr("name", &info.name)
                .attr("buttonText", &info.name)
                .attr("tooltip", format!("{} counters", info.name))
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
    for m in &markers {
        marker_panel = marker_panel.child(slots.slot(&m.word, &counters::marker_piece(m)));
    }
    let words: Vec<&str> = markers.iter().map(|m| m.word.as_str()).collect();
    windows.push(
        Element::module("PieceWindow")
            .attr("name", "Markers")
            .attr("buttonText", "Markers")
            .attr("tooltip", format!("Markers: {}", words.join(", ")))
            .attr("hidden", "false")
            .attr("scale", "1.0")
            .child(marker_panel),
    );

    // The position: a set-up stack per occupied hex, units in their stacking order each with
    // its markers, then the hex's own markers; bookkeeping markers of the phase in progress
    // (transient) are left in the tray.
    let mut by_hex: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, c) in board.counters.iter().enumerate() {
        match (c.place, &c.hex) {
            (Place::Map, Some(h)) => by_hex.entry(h.as_str()).or_default().push(i),
            (Place::Map, None) => {
                return Err(VassalError::Setup(format!(
                    "{id}: unit {} is on the map in no hex",
                    c.id
                )));
            }
            _ => {}
        }
    }
    let set_up = |key: &str| !marker(key).transient;
    for m in board.hex_markers.iter().filter(|m| set_up(&m.marker)) {
        by_hex.entry(m.hex.as_str()).or_default();
    }
    let mut stacks = Vec::new();
    let mut markers_json = Vec::new();
    for (name, mut units) in by_hex {
        if scenario.map.grid.parse(name).is_none() {
            return Err(VassalError::Setup(format!(
                "{id}: hex {name} of the position is not on the map"
            )));
        }
        units.sort_by_key(|&i| board.counters[i].order);
        let mut stack = Element::module("map.SetupStack")
            .attr("name", name)
            .attr("owningBoard", BOARD)
            .attr("useGridLocation", "true")
            .attr("location", name)
            .attr("x", 0)
            .attr("y", 0);
        for i in units {
            let c = &board.counters[i];
            let info = side_of(c)?;
            let piece = counters::unit_piece(&image_of[i], &info.name, c);
            stack = stack.child(slots.slot(&c.id, &piece));
            for key in c.markers.iter().filter(|k| set_up(k)) {
                let m = marker(key);
                stack = stack.child(slots.slot(&m.word, &counters::marker_piece(m)));
                markers_json.push(json!({"hex": name, "marker": key, "unit": c.id}));
            }
        }
        for hm in board
            .hex_markers
            .iter()
            .filter(|m| m.hex == name && set_up(&m.marker))
        {
            let m = marker(&hm.marker);
            stack = stack.child(slots.slot(&m.word, &counters::marker_piece(m)));
            markers_json.push(json!({"hex": name, "marker": hm.marker}));
        }
        stacks.push(stack);
    }

    let title = &scenario.file.title;
    let help_html = help::page(
        scenario,
        rules.name(),
        &board,
        game.is_some().then_some(&progress),
    );
    files.push(("help/scenario.html".into(), help_html.into_bytes()));

    let map = map_element(&vgrid, size).children(stacks);
    let last = progress.last_turn;
    let in_game = game.is_some().then_some(progress.turn);
    let module = Element::new("VASSAL.build.GameModule")
        .attr("ModuleOther1", "")
        .attr("ModuleOther2", "")
        .attr("VassalVersion", VASSAL_VERSION)
        .attr(
            "description",
            module_description(scenario, rules.name(), in_game),
        )
        .attr("name", module_name(scenario, in_game))
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
            Element::module("PlayerRoster")
                .children(sides.iter().map(|s| Element::new("entry").text(&s.name))),
        )
        .child(Element::module("GlobalOptions"))
        .child(map)
        .children(windows)
        .child(
            Element::module("DiceButton")
                .attr("name", "1d6")
                .attr("text", "1d6")
                .attr("tooltip", "Roll one six-sided die")
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
        .child(Element::new("description").text(&module_description(
            scenario,
            rules.name(),
            in_game,
        )))
        .child(Element::new("name").text(&module_name(scenario, in_game)))
        .document();

    let vmod =
        write_zip(&moduledata, &build, &files).map_err(|e| VassalError::Zip(e.to_string()))?;
    let hexes: Vec<Value> = scenario
        .map
        .grid
        .hexes()
        .map(|h| {
            let (x, y) = layout.center(h);
            json!({"name": scenario.map.grid.name(h), "x": x, "y": y})
        })
        .collect();
    let expected = json!({
        "board": {"image": "images/board.png", "width": board_picture.width(), "height": board_picture.height()},
        "sides": sides.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
        "hexes": hexes,
        "units": units_json,
        "markers": markers_json,
        "game": game.is_some(),
        "game_length": last,
        "next_piece_slot_id": slots.next,
    });
    Ok(Exported {
        vmod,
        expected,
        board_size: board_picture.dimensions(),
        slots: slots.next - 1,
    })
}

/// The module's name: the scenario's title, and for a game its game-turn.
fn module_name(s: &Scenario, game_turn: Option<u32>) -> String {
    match game_turn {
        Some(t) => format!("{} (game-turn {t})", s.file.title),
        None => s.file.title.clone(),
    }
}

fn module_description(s: &Scenario, system: &str, game_turn: Option<u32>) -> String {
    match game_turn {
        Some(t) => format!(
            "{system}: a game of {} ({}) at game-turn {t}, exported by Kepi",
            s.file.title, s.file.date
        ),
        None => format!(
            "{system}: the scenario {} ({}), exported by Kepi",
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
