// Generated from the shell's transport types (src-tauri/src/transport*.rs) by ts-rs.
// Do not edit: change the Rust types, then run
//   KEPI_BLESS=1 CARGO_TARGET_DIR=$PWD/target/app cargo test -p kepi-app generated
// (a test fails while this file is stale).

/**
 * A comment on a node: markdown text, shapes on the map, tags.
 */
export type Annotation = { id: number, node: number, author: string, text: string, shapes: Array<Shape>, tags: Array<string>, created: string, updated: string, };

/**
 * Every error the UI sees: `{code, message}`.
 */
export type AppError = { code: ErrorCode, message: string, };

/**
 * What the start page needs to know.
 */
export type AppInfo = { version: string, recent: Array<string>, 
/**
 * The map folder in the working directory, when there is one (shipped maps are listed by
 * `library_list` and opened with `open_shipped_map`, wherever Kepi runs).
 */
shipped_maps: string | null, 
/**
 * The rule systems a new map can be made for: (key, name), the first the default.
 */
rulesets: Array<[string, string]>, 
/**
 * Every system's rules version, in words ("Rifle & Saber rules 1"): what a game records.
 */
rules_versions: Array<string>, 
/**
 * How long the app's process had run when this answer was made, in milliseconds
 * (`launch::process_age_ms`): with the UI's clock, the launch-to-Library figure.
 */
process_age_ms: number, 
/**
 * The shell's steps of the launch with the process's age at each, in milliseconds
 * ("main 10 · setup 60 · page 250": `launch::steps`), printed with the page's own.
 */
launch_steps: string, };

/**
 * What is known of the app's archive.
 */
export type ArchiveHealth = { "state": "unchecked" } | { "state": "checking" } | { "state": "missing" } | { "state": "sound" } | { "state": "damaged", detail: string, } | { "state": "refused", message: string, } | { "state": "no_place" };

/**
 * The archive, what is known of it, and what the daily backup did.
 */
export type ArchiveStatus = { archive: string | null, 
/**
 * Where its backups go (`backups/` beside it).
 */
backup_dir: string | null, health: ArchiveHealth, 
/**
 * What the daily backup did at the start, in words, once it ran.
 */
backup_notice: string | null, 
/**
 * The daily backup failed (`backup_notice` says why); the app goes on.
 */
backup_failed: boolean, };

/**
 * A game of the archive, the newest first.
 */
export type ArchivedGame = { id: number, title: string, scenario_id: string, ruleset: string, players: Array<string>, 
/**
 * RFC 3339, UTC.
 */
created: string, finished: string | null, winner: string | null, 
/**
 * Commands on the main line.
 */
length: number, 
/**
 * Its annotations' tags, sorted.
 */
tags: Array<string>, };

/**
 * `kepi::look::Arrange`.
 */
export type Arrange = "scatter" | "rows" | "centre" | "blocks";

export type AttackPreview = { kind: string, target: string, attackers: Array<Contribution>, defenders: Array<Contribution>, attack_total: string, defense_total: string, modifiers: Array<Modifier>, column: string, odds: string, dice: string, outcomes: number, results: Array<ResultChance>, notes: Array<string>, };

/**
 * What the back of a unit's counter shows (print's sheets): the front darker, or its reduced
 * side.
 */
export type BackLook = "darker" | "reduced";

/**
 * One backup of the archive.
 */
export type BackupDto = { 
/**
 * Its path, as listed: what `archive_restore` takes back.
 */
path: string, 
/**
 * Its file name.
 */
file: string, 
/**
 * The day (UTC) it was made, `YYYY-MM-DD`.
 */
date: string, bytes: number, 
/**
 * How many games it holds; `None` when it cannot be read (`problem` says why).
 */
games: number | null, problem: string | null, };

/**
 * The archive's backups, the newest first.
 */
export type BackupsDto = { archive: string, dir: string, backups: Array<BackupDto>, 
/**
 * How many daily backups are kept (the oldest beyond are removed).
 */
kept: number, };

export type Board = { counters: Array<Counter>, hex_markers: Array<HexMarker>, sides: Array<SideStanding>, deployment: Array<DeploymentArea>, 
/**
 * The cards a system shows beside the map (the card in play, a deck's cards left);
 * empty for a system without cards.
 */
cards: Array<CardShown>, };

export type CardShown = { title: string, 
/**
 * The side it belongs to, coloured as that side.
 */
side: number | null, detail: string, };

/**
 * How far a survey or a recovery is: `done` of `total` games.
 */
export type CareProgress = { 
/**
 * `survey` or `recover`.
 */
stage: string, done: number, total: number, };

export type CatalogRowDto = { code: string, name: string, arm: string, values: Array<CatalogValueDto>, };

export type CatalogValueDto = { name: string, value: string, 
/**
 * "rules text" or "reconstructed".
 */
source: string, };

/**
 * `kepi::look::ChartLook`, field for field.
 */
export type ChartLook = { 
/**
 * Fill darkened by this much per elevation level, up to level 6.
 */
tint_per_level: number, contour: LineLook, 
/**
 * Every `index_every`th level's contour is drawn 1.8 times wider.
 */
index_every: number, 
/**
 * Hill shading: light from this compass bearing, and its strength (0: none).
 */
light_deg: number, shade: number, lod: Lod, };

/**
 * The core's `CommandInfo`: how the play view offers a command (the shell and the UI read
 * nothing else of it).
 */
export type CommandInfo = { 
/**
 * The system's own key of the command ("fire"): a data attribute, never branched on.
 */
kind: string, 
/**
 * "button" (beside the map), "unit" (a button of the selected unit), "map" (a hex
 * clicked), "reach" (a move through the selected unit's reach).
 */
offer: string, 
/**
 * "none", "unit", "hex", "hexside", "card".
 */
target: string, 
/**
 * The unit it is given for.
 */
unit: string | null, 
/**
 * Every unit it involves (selecting any lists it).
 */
units: Array<string>, 
/**
 * The hex chosen for it.
 */
hex: string | null, hexside: string | null, card: string | null, 
/**
 * Hexes shown while its button is hovered.
 */
path: Array<string>, 
/**
 * Its attack is previewed before it is given.
 */
preview: boolean, 
/**
 * It ends the phase (the E key, the primary button).
 */
ends_phase: boolean, 
/**
 * It resolves something still open: ending the phase while it is legal asks first.
 */
resolves: boolean, 
/**
 * A move that takes waypoints.
 */
waypoints: boolean, 
/**
 * Its own key in the play view.
 */
key: string | null, 
/**
 * Where the unit faces after it, degrees clockwise from north: a turn the view gives with
 * `[`, `]` or a drag from the unit.
 */
facing: number | null, 
/**
 * For a command that moves several units at once: each unit's path, drawn while its button
 * is hovered.
 */
steps: Array<UnitStep>, };

export type Contribution = { unit: string, hex: string, base: string, value: string, modifiers: Array<Modifier>, };

export type Corner = "top_left" | "top_right" | "bottom_left" | "bottom_right";

/**
 * A value printed in a corner, in a ring or not.
 */
export type CornerText = { corner: Corner, text: CounterText, ring: boolean, };

export type Counter = { 
/**
 * The unit's name in commands ("British MZ 3").
 */
id: string, side: number, code: string, kind: string, 
/**
 * "infantry", "cavalry", "mounted_rifles", "artillery", "horse_artillery",
 * "machine_gun", "other", "leader".
 */
symbol: string, 
/**
 * The printed values ("3-2-4"; guns "2/4-1-3").
 */
values: string, 
/**
 * "off", "map", "exited", "eliminated", or "unseen" (on the map where the side the board
 * is drawn for cannot see it: no hex, facing or markers).
 */
place: string, hex: string | null, order: number, markers: Array<string>, group: string | null, arrives: string | null, 
/**
 * The printed values by name (("Attack", "3")): what a counter layout's named places
 * print.
 */
properties: Array<[string, string]>, 
/**
 * Where it faces, degrees clockwise from north (0, 30, ... 330), for a system whose units
 * face: drawn as the system's layout says (a notch, or the counter turned), turned with
 * `[` and `]` or by dragging.
 */
facing: number | null, };

/**
 * Where the parts of a counter are, as fractions of its side from its top-left corner
 * (`kepi::engine::counters::CounterGeometry`, field for field).
 */
export type CounterGeometry = { border: number, 
/**
 * Left, top, width, height.
 */
symbol_box: [number, number, number, number], stroke: number, 
/**
 * Centre y and text height.
 */
top: [number, number], bottom: [number, number], text_width: number, text_width_between_corners: number, 
/**
 * Left and right column centres.
 */
corner_x: [number, number], 
/**
 * Top and bottom row centres.
 */
corner_y: [number, number], corner_text: number, corner_width: number, ring: number, ring_line: number, tag: number, front: number, marker_band: number, marker_counter_band: number, back_band: [number, number], count: number, 
/**
 * Dark ink on a fill of WCAG relative luminance above this, white below.
 */
ink_threshold: number, };

/**
 * How the game's system prints its counters (`Ruleset::counter_layout`): what each place on a
 * counter shows and how facing shows, with where each part goes and the unit-type symbols
 * (the same the core's counter pictures draw, whatever the system). The counters layer draws
 * by this alone.
 */
export type CounterLayout = { top: CounterText, bottom: CounterText, corners: Array<CornerText>, facing: FacingLook, back: BackLook, 
/**
 * The core's `COUNTER_GEOMETRY` (filled here: the core's layout does not carry it).
 */
geometry: CounterGeometry, 
/**
 * Every unit-type symbol's picture (`kepi::render::unit_symbols`), filled here likewise.
 */
symbols: Array<UnitSymbol>, };

/**
 * What a place on a counter shows: the type code, the values line, one value by name.
 */
export type CounterText = { "kind": "code" } | { "kind": "values" } | { "kind": "property", name: string, } | { "kind": "nothing" };

/**
 * What changed after an edit, an undo or a redo. `None` fields did not change.
 */
export type Delta = { 
/**
 * Changed hexes: index, palette index, level.
 */
cells: Array<[number, number, number]>, hexsides: Array<HexsideDto>, routes: Array<RouteDto> | null, features: Array<FeatureDto> | null, exits: Array<ExitDto> | null, 
/**
 * Present when the underlay changed; `underlay` is then its new value (or null).
 */
underlay_changed: boolean, underlay: UnderlayDto | null, name: string | null, 
/**
 * Present when the scale changed.
 */
scale: ScaleDto | null, status: StatusDto | null, 
/**
 * Present after a step ends (not for each point of an open stroke).
 */
problems: Array<ProblemDto> | null, };

export type DeploymentArea = { side: number, text: string, hexes: Array<string>, };

/**
 * One roll of the game, as the dice log lists it.
 */
export type DiceEntry = { 
/**
 * The archive node of the command that rolled it.
 */
node: number, 
/**
 * The command in words.
 */
command: string, purpose: string, 
/**
 * "1d6".
 */
dice: string, faces: Array<number>, total: number, 
/**
 * What the roll was read on ("column 3-1"), in words.
 */
context: string, 
/**
 * A face chosen, not rolled (a test's or a "what if").
 */
forced: boolean, 
/**
 * What the command did, in words.
 */
results: Array<string>, };

/**
 * An edit as the UI sends it; hexes are indexes (row-major, 0-based).
 */
export type Edit = { "op": "paint", hex: number, size: number, terrain: string, } | { "op": "fill", hex: number, terrain: string, } | { "op": "elevation", hex: number, size: number, 
/**
 * "raise", "lower" or "set"
 */
change: string, level?: number, } | { "op": "hexside", a: number, b: number, feature: string, on: boolean, } | { "op": "route", kind: string, name?: string, hexes: Array<number>, } | { "op": "delete_routes_at", hex: number, } | { "op": "feature_create", code: string, name?: string, } | { "op": "feature_edit", code: string, new_code: string, name?: string, } | { "op": "feature_delete", code: string, } | { "op": "feature_hex", code: string, hex: number, on: boolean, } | { "op": "erase", hex: number, size: number, } | { "op": "exit_set", name: string, hex: number, edge: "north" | "east" | "south" | "west", } | { "op": "exit_delete", hex: number, } | { "op": "exit_remove", name: string, } | { "op": "set_underlay", underlay: UnderlayDto | null, } | { "op": "set_name", name: string, description?: string, } | { "op": "set_scale", per_hex: number, unit: "metres" | "yards" | "paces" | "inches", };

export type EntryKind = "map" | "scenario";

/**
 * The closed set of error codes; exported to TypeScript as `ErrorCode` and `ERROR_CODES` in
 * ui/src/ipc/generated.ts (a test fails when that file is stale, or when [`ErrorCode::ALL`]
 * misses a variant).
 */
export type ErrorCode = "no_map" | "invalid_argument" | "edit_refused" | "invalid_map" | "io" | "image" | "render" | "not_allowed" | "invalid_pack" | "pack_conflict" | "no_game" | "refused" | "archive" | "no_scenario" | "invalid_scenario";

export type ExitDto = { name: string, hex: number, edge: string, };

/**
 * How facing shows: a notch at the counter's edge, or the whole counter turned to its front.
 */
export type FacingLook = "notch" | "turned";

export type FeatureDto = { code: string, name: string, kind: string, hexes: Array<number>, };

export type ForceRowDto = { group: string | null, count: number, item: string, unit: boolean, };

/**
 * A side's order-of-battle formula, parsed.
 */
export type FormulaDto = { formula: string, rows: Array<ForceRowDto>, 
/**
 * 1-based character of the first error.
 */
error_at: number | null, error: string | null, units: number, };

/**
 * What a scenario offers before a game of it starts.
 */
export type GameChoices = { title: string, ruleset_name: string, sides: Array<Side>, 
/**
 * Every optional rule of the system, with the value the scenario gives it.
 */
rules: Array<[OptionalRule, boolean]>, 
/**
 * The levels the computer can play this system at.
 */
levels: Array<string>, };

/**
 * One page of the games table, and how many games pass the filters in all.
 */
export type GamesPage = { games: Array<ArchivedGame>, total: number, 
/**
 * The page's first game's place in the whole list (the query's `offset`).
 */
offset: number, };

/**
 * Which page of the games table (`library_games`): the games that pass the filters, sorted by
 * `sort` (one of `title`, `scenario`, `players`, `date`, `result`, `length`, `tags`), from
 * `offset`, at most `limit` (1 to 500). Empty filters are no filters; each is at most 500
 * characters.
 */
export type GamesQuery = { sort: string, 
/**
 * Largest first (the newest, the longest, Z to A).
 */
descending: boolean, scenario?: string, 
/**
 * The rule system's key, as the registry knows it.
 */
ruleset?: string, 
/**
 * Games created from this date (YYYY-MM-DD), and until this one (the whole day).
 */
from?: string, to?: string, 
/**
 * The winner's side id, or "none" (no winner: a draw, or not over).
 */
result?: string, tag?: string, offset: number, limit: number, };

/**
 * A glyph: parts painted in order, path data (M/L/Z) in a unit box (-1..1, y down).
 */
export type Glyph = { parts: Array<GlyphPart>, };

/**
 * Which colour a glyph part takes: the look's ink, its light colour, or the fill under it.
 */
export type GlyphInk = "ink" | "light" | "fill";

export type GlyphPart = { d: string, ink: GlyphInk, 
/**
 * A stroke this wide in unit-box units (round joins and ends); none: filled (nonzero).
 */
stroke: number | null, };

export type GridDto = { orientation: "flat" | "pointy", shove: "even" | "odd", columns: number, rows: number, };

export type HexMarker = { hex: string, marker: string, side: number | null, };

export type HexsideDto = { 
/**
 * Hex indexes (row-major, 0-based) of the two hexes.
 */
a: number, b: number, 
/**
 * Empty when the hexside lost its last feature.
 */
features: Array<string>, };

/**
 * `kepi::look::HexsideLook`, tagged by `style`.
 */
export type HexsideLook = { "style": "hachures", line: LineLook, tick_len: number, tick_gap: number, } | { "style": "water", width: number, water: string, bank: LineLook, wiggle: number, } | { "style": "lined", line: LineLook, glyph: string | null, gap: number, size: number, 
/**
 * The glyphs' ink; none: the line's colour.
 */
ink: string | null, } | { "style": "crossing", glyph: string, size: number, ink: string, light: string | null, };

/**
 * What importing a pack did.
 */
export type ImportOutcome = "imported" | "already_present" | "replaced" | "new_version";

/**
 * An imported pack: its manifest's words, and the keys of its entries (their thumbnails are
 * asked for by key, as any entry's).
 */
export type ImportedPack = { id: string, name: string, version: string, author: string, license: string, description: string, created: string, 
/**
 * The keys of its scenarios and maps in `entries`.
 */
entries: Array<string>, };

/**
 * `job-finished`: the job's status, with its result (done) or its error (failed).
 */
export type JobFinished = { job: number, kind: JobKind, status: JobStatus, result: JobResult | null, error: AppError | null, };

export type JobKind = "thumbnails" | "pack_import" | "pack_export" | "vassal_export" | "scenario_test" | "game_import" | "print";

/**
 * `job-progress`: `done` of `total` steps are finished; `item` names what the step was about
 * (a thumbnail job gives the entry's key, so the view can fetch that picture).
 */
export type JobProgress = { job: number, kind: JobKind, done: number, total: number, message: string, item: string | null, };

/**
 * What a finished job made.
 */
export type JobResult = { "kind": "thumbnails", 
/**
 * Pictures drawn now, and found already drawn.
 */
drawn: number, cached: number, 
/**
 * Entries whose picture could not be drawn: "key: why".
 */
failed: Array<string>, } | { "kind": "pack_imported", outcome: ImportOutcome, id: string, name: string, version: string, folder: string, files_written: number, maps: number, scenarios: number, } | { "kind": "pack_exported", path: string, id: string, name: string, version: string, scenarios: number, bytes: number, } | { "kind": "game_imported", path: string, 
/**
 * The new game's id in the archive.
 */
game: number, 
/**
 * Its nodes, each replayed and checked.
 */
nodes: number, title: string, } | { "kind": "vassal_exported", path: string, title: string, 
/**
 * The position of a game (its node), not the scenario's setup.
 */
game_node: number | null, 
/**
 * Counters and markers the module holds (tray and set-up slots).
 */
pieces: number, bytes: number, } | { "kind": "printed", path: string, title: string, 
/**
 * a4, letter or sheet.
 */
paper: string, 
/**
 * A hex's size across its flats on paper, in millimetres.
 */
hex_mm: number, pages: number, 
/**
 * The pages the map takes (1 on a sheet).
 */
map_pages: number, counters: number, bytes: number, } | { "kind": "scenario_tested", title: string, level: string, games: number, 
/**
 * Games that ended (all of them: a game that does not end fails the job).
 */
ended: number, sides: Array<TestSideDto>, draws: number, average_turns: number, 
/**
 * The victory condition (or other reason) that decided the games, and how many.
 */
decided_by: Array<[string, number]>, 
/**
 * At a computer level above random: the same paired seeds played by random players,
 * to compare (issue 18's balance report, as `kepi balance`).
 */
random: TestLevelDto | null, 
/**
 * Set when the result depends on the players' skill (`kepi::ai::balance::swing`).
 */
swings_with_skill: string | null, };

export type JobStatus = "done" | "failed" | "cancelled";

export type KeyDto = { key: string, name: string, color: string, };

/**
 * One legal command: what to send, its words, and how the view offers it.
 */
export type LegalCommand = { 
/**
 * The command in its stored form: send it back as it is (never read by the view).
 */
command: unknown, 
/**
 * In words ("Deploy British MZ 1 at 0101").
 */
label: string, 
/**
 * How the view offers it, from its rule system.
 */
info: CommandInfo, };

/**
 * One map or scenario of the Library. `key` names it in every library command
 * (`library_thumbnail`, `open_library_map`, `pack_export`).
 */
export type LibraryEntry = { key: string, kind: EntryKind, id: string, title: string, 
/**
 * "7 July 1857 · Rifle & Saber", "32 x 40 hexes · Rifle & Saber".
 */
subtitle: string, 
/**
 * The rule system's key, as the registry knows it; empty when the file does not parse.
 */
ruleset: string, 
/**
 * A scenario's map id.
 */
map: string | null, origin: Origin, 
/**
 * The shipped id (`shipped` entries) or the file's path (the others).
 */
shipped_id: string | null, path: string | null, 
/**
 * Why the entry cannot be opened or drawn (it does not parse, or its file is gone).
 */
problem: string | null, };

/**
 * What `library_list` answers (no thumbnails: ask `library_thumbnail(key)` per entry, or start
 * `library_thumbnails` to draw them all in the background).
 */
export type LibraryListing = { 
/**
 * Shipped entries first, then the library folder's, then its packs'.
 */
entries: Array<LibraryEntry>, 
/**
 * The recent files (maps), the most recent first.
 */
recent: Array<LibraryEntry>, 
/**
 * The archive's newest games (at most 100).
 */
games: Array<ArchivedGame>, 
/**
 * How many games the archive holds.
 */
games_total: number, 
/**
 * The packs imported into the library folder.
 */
packs: Array<ImportedPack>, 
/**
 * The library folder (where packs are imported), when there is one.
 */
library_folder: string | null, 
/**
 * What could not be read (the archive, ...), in words.
 */
problems: Array<string>, };

/**
 * One command of a game's line, as the replay view's move list shows it.
 */
export type LineEntry = { node: number, 
/**
 * The command in words.
 */
command: string, 
/**
 * Where the game stood after it.
 */
turn: number, phase: string, player: number, dice: Array<DiceEntry>, 
/**
 * What it did, in words.
 */
results: Array<string>, 
/**
 * Its variation's name, when it begins a named one.
 */
name: string | null, 
/**
 * Whether it is its parent's first child (on the main line from that fork).
 */
first: boolean, 
/**
 * The other commands played at this point (variations), in order.
 */
variations: Array<Variation>, 
/**
 * How many annotations the node has.
 */
annotations: number, 
/**
 * The rules version its command was played under, when not the game's (a game played on
 * under a later version).
 */
rules_version: number | null, 
/**
 * Shown as recorded: today's rules replay the line differently from here or above (a rule
 * changed since it was played), so `command` and `dice` are the record's, in words
 * against the last position both agree on, and `results` is empty.
 */
as_recorded: boolean, 
/**
 * Whether `command`, `dice`, `results` and the variations' commands are filled in: a long
 * line is answered with the page around the position opened described, the rest (node,
 * turn, phase, player, fork and name, which the archive's rows hold) to be described in
 * pages (`replay_moves`).
 */
described: boolean, };

/**
 * `kepi::look::LineLook`: widths and dashes in hex radii.
 */
export type LineLook = { width: number, 
/**
 * The least width in pixels it is drawn at.
 */
min_px: number, color: string, 
/**
 * On and off lengths; none: solid.
 */
dash: [number, number] | null, };

/**
 * `kepi::look::Lod`, field for field: thresholds in device pixels per hex radius.
 */
export type Lod = { 
/**
 * Below it no texture (fill and edges only).
 */
symbols_min: number, 
/**
 * From it every placement; between `symbols_min` and it, only the lod-0 ones.
 */
full_detail: number, 
/**
 * Below it a crest is its line only, and lined hexsides and edges lose their glyphs.
 */
hachure_ticks: number, 
/**
 * From it hex numbers are drawn.
 */
hex_numbers: number, 
/**
 * From it feature names are set along their features (`kepi::look::label::along`).
 */
feature_names: number, };

/**
 * A chart's looks (`PaletteDto.looks`). Keys are the chart's keys; a hexside feature or
 * route missing from `hexsides` or `routes` has no look: a plain line in its palette colour.
 */
export type Looks = { chart: ChartLook, terrain: { [key in string]: TerrainLook }, hexsides: { [key in string]: HexsideLook }, routes: { [key in string]: RouteLook }, 
/**
 * Every glyph a look here names, by its name (`TextureDto.glyph`, a lined or crossing
 * look's `glyph`).
 */
glyphs: { [key in string]: Glyph }, };

/**
 * A game of a damaged archive that cannot be recovered, and why.
 */
export type LostGameDto = { id: number, 
/**
 * `None` when the game's own row cannot be read.
 */
title: string | null, reason: string, };

/**
 * A whole map for the view.
 */
export type MapView = { id: string, name: string, description: string, ruleset: string, ruleset_name: string, grid: GridDto, scale: ScaleDto, 
/**
 * The rule system's own scale in words ("1 hex = 50 m"), beside the map's.
 */
ruleset_scale: string, palette: Palette, 
/**
 * Per hex (row-major): index into `palette.terrain`.
 */
terrain: Array<number>, 
/**
 * Per hex: level 0-9.
 */
elevation: Array<number>, hexsides: Array<HexsideDto>, routes: Array<RouteDto>, features: Array<FeatureDto>, exits: Array<ExitDto>, underlay: UnderlayDto | null, status: StatusDto, problems: Array<ProblemDto>, };

/**
 * A marker a system's counters and hexes may carry, as printed: the word on it and its
 * colour (`Ruleset::markers`). The views draw a marker by this alone.
 */
export type MarkerKind = { key: string, word: string, colour: [number, number, number], transient: boolean, 
/**
 * Shown as the back of the counter (a band across it), not as a tag.
 */
back: boolean, };

export type Modifier = { name: string, case: string, effect: string, };

/**
 * What starting a game needs.
 */
export type NewGameSpec = { 
/**
 * The Library entry of the scenario.
 */
key: string, 
/**
 * Optional rules switched on or off, by key; the others as the scenario says.
 */
rules: Array<[string, boolean]>, 
/**
 * The players' names, one per side (may be empty).
 */
players: Array<string>, 
/**
 * A seed as decimal digits; random when absent.
 */
seed?: string, 
/**
 * Per side: the computer's level playing it ("standard", "random"), or "" for a person.
 */
computer?: Array<string>, };

/**
 * The start page's New map form.
 */
export type NewMapSpec = { name: string, columns: number, rows: number, 
/**
 * "flat" or "pointy".
 */
orientation: string, 
/**
 * "even" or "odd".
 */
shove: string, 
/**
 * A rule system's key, as the registry knows it.
 */
ruleset: string, };

/**
 * What to do when the library already holds a pack of the same id with other content.
 */
export type OnConflict = "refuse" | "replace" | "new_version";

export type OptionalRule = { key: string, name: string, case: string, default: boolean, note: string, };

/**
 * Where an entry comes from: `shipped`, `library`, `pack` (with the pack's id and name) or
 * `recent`.
 */
export type Origin = { "kind": "shipped" } | { "kind": "library" } | { "kind": "pack", id: string, name: string, } | { "kind": "recent" };

/**
 * The manifest fields a user may give when making a pack; left out, each gets a default from
 * the scenarios (see `kepi pack`).
 */
export type PackFields = { id?: string, name?: string, version?: string, author?: string, description?: string, license?: string, };

export type Palette = { terrain: Array<KeyDto>, hexsides: Array<KeyDto>, routes: Array<KeyDto>, default_terrain: string, 
/**
 * "R&S 9.2"
 */
reference: string, 
/**
 * How each key looks on the map (what the pictures draw); none without a chart.
 */
looks: Looks | null, };

export type Phase = { key: string, name: string, case: string, };

/**
 * A game's first view: the map it is played on, and the game.
 */
export type PlayOpened = { map: MapView, view: PlayView, };

/**
 * A game as the play view shows it after each command.
 */
export type PlayView = { game: number, 
/**
 * The node the view shows (the last command played).
 */
node: number, title: string, ruleset_name: string, seed: string, players: Array<string>, sides: Array<Side>, phases: Array<Phase>, progress: Progress, 
/**
 * The markers of the game's system, as printed (how the counters layer draws them).
 */
markers: Array<MarkerKind>, 
/**
 * How the game's system prints its counters.
 */
counter_layout: CounterLayout, 
/**
 * The board as `seen_by` sees it (units it cannot see are "unseen"), the whole board when
 * none.
 */
board: Board, 
/**
 * The side whose eyes the board is drawn with, in a system whose units may be hidden
 * (`Ruleset::hides_units`): the one side a person plays against the computer, or, with
 * two people at one screen, the side to act. `None`: the whole board.
 */
seen_by: number | null, 
/**
 * A game recorded under an older rules version of its system, played on under today's:
 * says so ("Recorded under <system> rules 1; the commands played now follow today's
 * rules 2 and are recorded so.").
 */
rules_note: string | null, victory: Array<VictoryCondition>, 
/**
 * Once the game is over: who won, and why.
 */
result: string | null, 
/**
 * Every roll of the line played so far, newest first.
 */
dice: Array<DiceEntry>, 
/**
 * What the last command did, in words.
 */
last: Array<string>, 
/**
 * The scenario's scripted events that happened in the last command ("Game-turn 3, end:
 * Reynolds is killed ..."), which the view announces apart from its results. Public to
 * both sides: the scenario's text, not a unit's whereabouts.
 */
happened: Array<string>, 
/**
 * Legal commands that name no unit and no hex (end the phase, resolve fire, a choice
 * the game waits for).
 */
general: Array<LegalCommand>, 
/**
 * Some legal command is a move through a unit's reach (a selected unit's reach is shown).
 */
moving: boolean, can_take_back: boolean, state_hash: string, 
/**
 * Per side: the computer's level when the computer plays it.
 */
computer: Array<string | null>, 
/**
 * The computer's commands and the terms that chose them, newest first.
 */
explanations: Array<string>, 
/**
 * The levels the computer can play this system at.
 */
levels: Array<string>, };

export type ProblemDto = { field: string, 
/**
 * Printed hex name ("0812") when the problem is about one hex.
 */
hex: string | null, message: string, 
/**
 * The whole line as `kepi validate` prints it.
 */
text: string, };

export type Progress = { turn: number, last_turn: number, player: number, phase_key: string, phase: string, waiting_for: string | null, deploying: boolean, over: boolean, };

export type Reach = { unit: string, from: string | null, allowance: string, spent: string, hexes: Array<ReachHex>, refused: string | null, };

export type ReachHex = { hex: string, cost: string, left: string, path: Array<string>, notes: Array<string>, 
/**
 * The hexes entered where the path draws passing fire (AoR 7.12), one a firing stack.
 */
fires: Array<string>, command: unknown, };

/**
 * A game opened for review: its map and its main line.
 */
export type ReplayOpened = { map: MapView, game: number, title: string, players: Array<string>, sides: Array<Side>, 
/**
 * The node before any command.
 */
root: number, 
/**
 * The line shown: the main line, or the line through a variation (first children after it).
 */
line: Array<LineEntry>, 
/**
 * Whether `line` is the game's main line.
 */
main: boolean, last_turn: number, 
/**
 * The markers of the game's system, as printed (how the counters layer draws them).
 */
markers: Array<MarkerKind>, 
/**
 * How the game's system prints its counters.
 */
counter_layout: CounterLayout, 
/**
 * The system may hide units from a side: the view offers the board as each side saw it.
 */
hides_units: boolean, 
/**
 * The rules the game was recorded under ("<system> rules 1"), and, when Kepi plays a later
 * version today, that it does.
 */
rules_note: string, 
/**
 * The result, when the line ends the game.
 */
result: string | null, 
/**
 * The position at the node the line was opened through (the end of the line when none),
 * so that the first picture needs no second round trip.
 */
position: ReplayPosition | null, 
/**
 * The line's last node: names the line to `replay_moves`, which describes the rest of it.
 */
tip: number, };

/**
 * The position at one node of the game open for review.
 */
export type ReplayPosition = { node: number, 
/**
 * The annotations of this node.
 */
annotations: Array<Annotation>, 
/**
 * The board as `seen_by` saw it, the whole board when none.
 */
board: Board, seen_by: number | null, progress: Progress, victory: Array<VictoryCondition>, state_hash: string, 
/**
 * Set when the position is shown as recorded: "Recorded under Rifle & Saber rules 1; from
 * game-turn 2 (fire) today's rules 2 read this differently: …". The board is then the
 * whole board as recorded, and `victory` is empty.
 */
as_recorded: string | null, };

/**
 * What a restore did.
 */
export type RestoredDto = { archive: string, 
/**
 * The backup restored (its path, and its day).
 */
backup: string, date: string, 
/**
 * Where the archive that was there is kept, renamed (`None` when there was none).
 */
kept_aside: string | null, 
/**
 * The games the archive now holds.
 */
games: number | null, };

export type ResultChance = { result: string, meaning: string, faces: Array<number>, chance: number, };

/**
 * Age of Rifles' forces: each part's columns and each side's rows.
 */
export type Roster = { leader_columns: Array<RosterColumn>, formation_columns: Array<RosterColumn>, unit_columns: Array<RosterColumn>, sides: Array<RosterSide>, };

/**
 * One column of a roster table.
 */
export type RosterColumn = { 
/**
 * The field it edits (`steps` is derived from `reduced_strength`).
 */
key: string, label: string, 
/**
 * "text", "number", "choice", "flag" or "steps".
 */
kind: string, 
/**
 * Empty leaves the field out (its default, shown as `default`).
 */
optional: boolean, choices: Array<string>, default: string, };

/**
 * One edit of the roster: a cell typed into, a side's own field, a row added or removed.
 * `part` is "leaders", "formations" or "units".
 */
export type RosterEdit = { "edit": "cell", side: number, part: string, index: number, column: string, text: string, } | { "edit": "side", side: number, field: string, text: string, } | { "edit": "add", side: number, part: string, } | { "edit": "remove", side: number, part: string, index: number, };

/**
 * One row: a leader, formation or unit as written.
 */
export type RosterRow = { index: number, 
/**
 * `sides[0].units[3]`.
 */
field: string, 
/**
 * One text a column, in the columns' order.
 */
cells: Array<string>, 
/**
 * A column's key (empty for the whole row) and the problem's words.
 */
problems: Array<[string, string]>, };

export type RosterSide = { side: number, name: string, army_demoralization: string, supply: string, leaders: Array<RosterRow>, formations: Array<RosterRow>, units: Array<RosterRow>, problems: Array<[string, string]>, };

export type RouteDto = { kind: string, name: string, hexes: Array<number>, };

/**
 * `kepi::look::RouteLook`.
 */
export type RouteLook = { line: LineLook, casing: LineLook | null, ties: Ties | null, };

/**
 * A survey of a damaged archive (what a recovery would save and lose), or what a recovery did.
 */
export type SalvageDto = { 
/**
 * The damaged archive.
 */
damaged: string, 
/**
 * SQLite's integrity check of it (its first problems).
 */
sqlite: string, recovered: Array<SalvagedGameDto>, lost: Array<LostGameDto>, 
/**
 * Rows that could not be read, in words, by table.
 */
lost_rows: Array<string>, 
/**
 * After a recovery: the new archive (now the app's archive)...
 */
archive: string | null, 
/**
 * ...and where the damaged file is kept, renamed, never written.
 */
kept_aside: string | null, };

/**
 * A game of a damaged archive that can be (or was) recovered, replayed hash for hash.
 */
export type SalvagedGameDto = { 
/**
 * Its id in the damaged archive.
 */
id: number, 
/**
 * Its id in the recovered archive (after a recovery).
 */
new_id: number | null, title: string, nodes: number, 
/**
 * Why it may have lost its last commands though everything it holds replays.
 */
warning: string | null, };

/**
 * What one hex stands for (the map file's `scale`).
 */
export type ScaleDto = { per_hex: number, unit: "metres" | "yards" | "paces" | "inches", 
/**
 * In words: "1 hex = 50 m".
 */
text: string, };

/**
 * One edit of the scenario: JSON pointer ops, or a brush dab on a zone.
 */
export type ScenarioOp = { "op": "set", pointer: string, value: unknown, } | { "op": "insert", pointer: string, index: number | null, value: unknown, } | { "op": "remove", pointer: string, } | { "op": "paint_zone", zone: string, 
/**
 * Printed hex name ("0812").
 */
hex: string, 
/**
 * 1, 7 or 19 hexes.
 */
brush: number, add: boolean, };

/**
 * A scenario opened in the view: its state, its map, and what the forms need.
 */
export type ScenarioOpened = { view: ScenarioView, map: MapView, catalog: Array<CatalogRowDto>, 
/**
 * The scenario format's JSON Schema (`kepi schema scenario`).
 */
schema: any, 
/**
 * The optional rules of the scenario's system: key and name.
 */
options: Array<[string, string]>, 
/**
 * The colour names a side may have (or `#rrggbb`).
 */
color_names: Array<string>, 
/**
 * The panels only the scenario's rule system has (`Ruleset::scenario_panels`): key, tab
 * label, rule case.
 */
panels: Array<[string, string, string]>, };

/**
 * The scenario as it is now (after every command that changes it).
 */
export type ScenarioView = { 
/**
 * The file as it would be written.
 */
file: any, 
/**
 * Where it is saved; `None` for a new scenario or a shipped one (saved with Save as).
 */
path: string | null, dirty: boolean, can_undo: boolean, can_redo: boolean, problems: Array<ProblemDto>, warnings: Array<ProblemDto>, zones: Array<ScenarioZone>, 
/**
 * Each side's formula; empty with `forces_note` for a system whose forces are not one.
 */
forces: Array<FormulaDto>, forces_note: string | null, 
/**
 * Age of Rifles' forces as roster tables (`None` for other systems).
 */
roster: Roster | null, 
/**
 * Each side's paint, `#rrggbb` (grey for a colour Kepi does not know).
 */
side_colors: Array<string>, };

export type ScenarioZone = { field: string, pointer: string, side: string | null, text: string, hexes: Array<string>, error: string | null, };

/**
 * A game or an annotation found.
 */
export type SearchHit = { game: number, title: string, 
/**
 * The annotated node, when the hit is an annotation.
 */
node: number | null, annotation: number | null, snippet: string, };

/**
 * A search of the archive as the Library's search box sends it: words (matched as prefixes,
 * all of them), and filters.
 */
export type SearchSpec = { text: string, scenario?: string, 
/**
 * The rule system's key, as the registry knows it.
 */
ruleset?: string, tag?: string, 
/**
 * The winner's side id, or "none".
 */
result?: string, 
/**
 * Games created from this date (YYYY-MM-DD), and until this one.
 */
from?: string, to?: string, };

/**
 * A shape drawn on the map by an annotation: an arrow between two hexes, or a hex
 * highlighted, in a colour (`#rrggbb`).
 */
export type Shape = { "kind": "arrow", from: string, to: string, color: string, } | { "kind": "highlight", hex: string, color: string, };

export type Side = { id: string, name: string, color: string, };

export type SideStanding = { morale: string | null, notes: Array<string>, };

export type Sight = { from: string, to: string, clear: boolean, blocked_by: string | null, };

export type StatusDto = { path: string | null, title: string, dirty: boolean, can_undo: boolean, can_redo: boolean, };

/**
 * How one terrain looks on the map.
 */
export type TerrainLook = { 
/**
 * The map's fill, `#rrggbb`: the look's `fill`, else the terrain's colour.
 */
fill: string, texture: Texture | null, 
/**
 * Drawn on each side this terrain shares with another terrain, on its own side (style
 * `lined` only).
 */
edge: HexsideLook | null, };

/**
 * The games of one level in a scenario test.
 */
export type TestLevelDto = { level: string, games: number, sides: Array<TestSideDto>, draws: number, average_turns: number, decided_by: Array<[string, number]>, };

/**
 * One side's wins in a scenario test, with the 95 % Wilson interval of its rate.
 */
export type TestSideDto = { side: string, wins: number, rate: number, low: number, high: number, };

/**
 * A texture with its placements (`kepi::look::place::variants`).
 */
export type Texture = { 
/**
 * A key of `LooksDto.glyphs`.
 */
glyph: string, arrange: Arrange, 
/**
 * The glyph's unit box's half-width, in hex radii.
 */
size: number, ink: string, 
/**
 * The light parts' colour (the look's, else the ink lightened as the core does).
 */
light: string, 
/**
 * The arrangements a hex picks from (`place::pick`): per variant, five numbers per
 * placement, `x, y, s, turn, lod` (hex radii from the centre, size factor, radians
 * clockwise on screen, 0 or 1), sorted back to front; rounded to 1/10000.
 */
variants: Array<Array<number>>, };

/**
 * `kepi::look::Ties`: every `gap` radii, `len` long, `width` thick.
 */
export type Ties = { gap: number, len: number, width: number, };

export type UnderlayDto = { image: string, x: number, y: number, scale: number, rotation_deg: number, opacity: number, };

/**
 * One unit's path within a command that moves several.
 */
export type UnitStep = { unit: string, 
/**
 * Printed hex names, from the hex it leaves to the one it ends in.
 */
path: Array<string>, };

/**
 * A unit-type symbol as SVG path data (absolute M, L, Z) in fractions of the counter's side
 * from its centre, the box where the geometry puts it: the filled parts and the stroked ones
 * (stroked `geometry.stroke` wide), either empty.
 */
export type UnitSymbol = { 
/**
 * As `Counter.symbol` names it ("horse_artillery").
 */
symbol: string, fill: string, stroke: string, };

/**
 * Another command played at the same point: a variation.
 */
export type Variation = { node: number, name: string | null, 
/**
 * Its command in words.
 */
command: string, };

export type VictoryCondition = { text: string, side: number | null, level: string | null, 
/**
 * "open", "met", "not_met".
 */
status: string, detail: string, };

/** Every `ErrorCode`, in the order of the Rust enum. */
export const ERROR_CODES: readonly ErrorCode[] = [
  "no_map",
  "invalid_argument",
  "edit_refused",
  "invalid_map",
  "io",
  "image",
  "render",
  "not_allowed",
  "invalid_pack",
  "pack_conflict",
  "no_game",
  "refused",
  "archive",
  "no_scenario",
  "invalid_scenario",
] as const;

/** The event a running job emits after each step (payload: `JobProgress`). */
export const JOB_PROGRESS = "job-progress";
/** The event a job emits once, when it ends (payload: `JobFinished`). */
export const JOB_FINISHED = "job-finished";
/** The event sent when what is known of the archive changes (payload: `ArchiveStatus`). */
export const ARCHIVE_STATUS = "archive-status";
/** The event a survey or recovery of a damaged archive sends as it goes (payload: `CareProgress`). */
export const CARE_PROGRESS = "archive-care-progress";

/** Print and play (`print_pdf`, `kepi print --hex-mm`): a hex's size across its flats on paper, in millimetres, by default and at least and at most. */
export const PRINT_HEX_MM = { default: 16.0, min: 8.0, max: 40.0 } as const;

/** The common counter layout (`CounterLayout::default` in the core) with the counters' geometry and unit-type symbols: what the counters layer draws by before a game gives its own. */
export const COMMON_COUNTER_LAYOUT: CounterLayout = {"top":{"kind":"code"},"bottom":{"kind":"values"},"corners":[],"facing":"notch","back":"darker","geometry":{"border":0.04,"symbol_box":[0.22,0.35,0.56,0.32],"stroke":0.035,"top":[0.215,0.19],"bottom":[0.81,0.22],"text_width":0.88,"text_width_between_corners":0.4,"corner_x":[0.16,0.84],"corner_y":[0.19,0.81],"corner_text":0.2,"corner_width":0.24,"ring":0.13,"ring_line":0.025,"tag":0.2,"front":0.07,"marker_band":0.07,"marker_counter_band":0.4,"back_band":[0.1,0.26],"count":0.22,"ink_threshold":0.1916},"symbols":[{"symbol":"infantry","fill":"","stroke":"M-0.28 -0.15 L0.28 0.17 M-0.28 0.17 L0.28 -0.15"},{"symbol":"cavalry","fill":"","stroke":"M-0.28 0.17 L0.28 -0.15"},{"symbol":"mounted_rifles","fill":"","stroke":"M-0.28 -0.15 L0.28 0.17 M-0.28 0.17 L0.28 -0.15 M-0.112 0.1252 L0.112 0.1252"},{"symbol":"artillery","fill":"M0.064 0.01 L0.0591 0.0345 L0.0453 0.0553 L0.0245 0.0691 L0 0.074 L-0.0245 0.0691 L-0.0453 0.0553 L-0.0591 0.0345 L-0.064 0.01 L-0.0591 -0.0145 L-0.0453 -0.0353 L-0.0245 -0.0491 L0 -0.054 L0.0245 -0.0491 L0.0453 -0.0353 L0.0591 -0.0145 Z","stroke":""},{"symbol":"horse_artillery","fill":"M0.064 0.01 L0.0591 0.0345 L0.0453 0.0553 L0.0245 0.0691 L0 0.074 L-0.0245 0.0691 L-0.0453 0.0553 L-0.0591 0.0345 L-0.064 0.01 L-0.0591 -0.0145 L-0.0453 -0.0353 L-0.0245 -0.0491 L0 -0.054 L0.0245 -0.0491 L0.0453 -0.0353 L0.0591 -0.0145 Z","stroke":"M-0.28 0.17 L0.28 -0.15"},{"symbol":"machine_gun","fill":"M0.048 0.01 L0.0443 0.0284 L0.0339 0.0439 L0.0184 0.0543 L0 0.058 L-0.0184 0.0543 L-0.0339 0.0439 L-0.0443 0.0284 L-0.048 0.01 L-0.0443 -0.0084 L-0.0339 -0.0239 L-0.0184 -0.0343 L0 -0.038 L0.0184 -0.0343 L0.0339 -0.0239 L0.0443 -0.0084 Z","stroke":"M-0.1792 -0.086 L-0.1792 0.106 M0.1792 -0.086 L0.1792 0.106"},{"symbol":"other","fill":"","stroke":"M-0.28 0.01 L0.28 0.01"},{"symbol":"leader","fill":"M0 -0.118 L0.0316 -0.0271 L0.1278 -0.0251 L0.0511 0.033 L0.079 0.1251 L0 0.0702 L-0.079 0.1251 L-0.0511 0.033 L-0.1278 -0.0251 L-0.0316 -0.0271 Z","stroke":""}]};
