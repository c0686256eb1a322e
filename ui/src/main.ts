// Kepi's UI: the app around its views. The Library (views/library/, the home page), the map
// painter (views/paint/) and the play view (views/play/); the top bar, the status bar's message, the dialogs (help, error, the
// unsaved-changes guard) and the keys that work everywhere. Commands reach the shell through one
// ordered queue (ipc/queue.ts). The UI holds no rules.

import { listen } from "@tauri-apps/api/event";
import { flushSync, mount } from "svelte";
import { $, el } from "./dom";
import { api, type AppInfo, type MapView, type NewMapSpec } from "./ipc/commands";
import { early } from "./ipc/early";
import { errorText, isAppError } from "./ipc/errors";
import { CommandQueue } from "./ipc/queue";
import { cardsShownOnce, mark, processAge } from "./launch";
import Library from "./views/library/Library.svelte";
import { paintKey, paintShortcuts } from "./views/paint/keys";
import type { Painter } from "./views/paint/painter";
import { play, type NewGameSpec, type PlayOpened } from "./ipc/play";
import { playKey, playShortcuts } from "./views/play/keys";
import type { Player } from "./views/play/player";
import { replay, type ReplayOpened } from "./ipc/replay";
import type { Replayer } from "./views/replay/replayer";
import { replayTimings } from "./views/replay/replay-state.svelte";
import { scenario, type ScenarioOpened } from "./ipc/scenario";
import type { ScenarioEditor } from "./views/scenario/scenario-editor";
import { scenarioKey, scenarioShortcuts } from "./views/scenario/keys";
import { scenarioState } from "./views/scenario/scenario-state.svelte";

mark("modules");

function message(text: string, warn = false): void {
  const m = $("st-message");
  m.textContent = text;
  m.style.color = warn ? "#b3261e" : "";
}

function showError(e: unknown): void {
  $("error-text").textContent = errorText(e) + (isAppError(e) ? `\n\n(${e.code})` : "");
  $("error").hidden = false;
  $("error-close").focus();
}

const queue = new CommandQueue(showError, (text) => message(text, true));
const send = queue.send.bind(queue);
// --- the views beside the Library -------------------------------------------------------------
// Built from their own chunk (views/all.ts) once the Library's first cards are drawn (or after
// LOAD_VIEWS_MS, whichever is first): the launch evaluates only the Library. Until then `built`
// is false and nothing reads them; what opens a view waits for `views`.

const LOAD_VIEWS_MS = 400;
let painter!: Painter;
let player!: Player;
let replayer!: Replayer;
let scenarioEditor!: ScenarioEditor;
let replayKey: (r: Replayer, ev: KeyboardEvent) => void = () => {};
let built = false;
const views: Promise<void> = new Promise<void>((ok) => { cardsShownOnce(ok); setTimeout(ok, LOAD_VIEWS_MS); })
  .then(() => import("./views/all"))
  .then((m) => {
    painter = new m.Painter({ queue, message }, $<HTMLCanvasElement>("map-canvas"));
    player = new m.Player({ queue, message }, $<HTMLCanvasElement>("play-canvas"));
    mount(m.PlaySide, { target: $("play-side"), props: { player } });
    replayer = new m.Replayer(queue, $<HTMLCanvasElement>("replay-canvas"));
    mount(m.ReplaySide, { target: $("replay-side"), props: { replayer } });
    scenarioEditor = new m.ScenarioEditor({ queue, message }, $<HTMLCanvasElement>("scenario-canvas"));
    mount(m.ScenarioSide, { target: $("scenario-side"), props: { editor: scenarioEditor } });
    replayKey = m.replayKey;
    // "Play on from here" in the replay view: the play view at that node (a new variation).
    replayer.onPlayFrom = (game, node) => openGame(() => play.continueFrom(game, node));
    helpTable(m.replayShortcuts());
    built = true;
    // Only in test builds (the bundler drops the hooks from the others).
    if (import.meta.env.VITE_KEPI_TEST_HOOKS === "1") {
      m.installTestHooks(painter, queue, player, replayer);
      m.installScenarioHooks(scenarioEditor);
    }
  });
/** `then` once the views are built (at once when they are). */
function withViews(then: () => void): void {
  if (built) then();
  else void views.then(then, showError);
}

// --- views ------------------------------------------------------------------------------------

type ViewId = "library" | "paint" | "play" | "replay" | "scenario";
let current: ViewId = "library";

function show(view: ViewId): void {
  current = view;
  $("library").hidden = view !== "library";
  $("editor").hidden = view !== "paint";
  $("play").hidden = view !== "play";
  $("replay").hidden = view !== "replay";
  $("scenario").hidden = view !== "scenario";
  document.body.dataset.view = view;
  for (const b of document.querySelectorAll<HTMLElement>(".paint-only")) {
    b.hidden = view !== "paint" && !(view === "scenario" && b.classList.contains("edit-only"));
  }
  for (const b of document.querySelectorAll<HTMLElement>(".view-only")) b.hidden = view === "library";
  if (built && view !== "paint") painter.close();
  if (built && view !== "play") player.close();
  if (built && view !== "replay") replayer.close();
  if (built && view !== "scenario" && scenarioState.opened) {
    scenarioEditor.close();
    void send(() => scenario.close());
  }
  if (view === "library") {
    $("doc-title").textContent = "";
    library.refresh();
  }
}

/** Open a game of the archive for review in the replay view (at `node`, when given). */
function reviewGame(call: () => Promise<ReplayOpened>, node?: number): void {
  if (!built) { withViews(() => reviewGame(call, node)); return; }
  const asked = () => { replayTimings.asked = performance.now(); return call(); };
  // The window stays live while the shell replays the line (an async command): say so.
  guard(() => void (message("Opening the game for review: its line is replayed and checked…"), send(asked, (o) => {
    replayTimings.answered = performance.now();
    show("replay");
    replayer.view.resize();
    replayer.open(o, node);
    flushSync();
    replayTimings.shown = performance.now();
    $("doc-title").textContent = `${o.title} · game ${o.game} · review`;
    message(`${o.title}: game ${o.game}, ${o.line.length} commands; ← → step through it.`);
  })));
}

/** Open a game the shell started or resumed in the play view. */
function openGame(call: () => Promise<PlayOpened>): void {
  if (!built) { withViews(() => openGame(call)); return; }
  guard(() => void send(call, (o) => {
    show("play");
    player.view.resize();
    player.open(o);
    $("doc-title").textContent = `${o.view.title} · game ${o.view.game}${o.view.players.length ? " · " + o.view.players.join(" v ") : ""}`;
    message(`${o.view.title}: game ${o.view.game}, seed ${o.view.seed}; every command and roll is recorded in the archive.`);
  }));
}

/** Open a scenario the shell answers with in the scenario view. */
function editScenario(call: () => Promise<ScenarioOpened>): void {
  if (!built) { withViews(() => editScenario(call)); return; }
  guard(() => void send(call, (o) => {
    show("scenario");
    scenarioEditor.view.resize();
    scenarioEditor.open(o);
    $("doc-title").textContent = `${o.view.file.title} · scenario`;
    message(`${o.view.file.title}: ${o.view.problems.length ? `${o.view.problems.length} problem(s) to fix` : "valid"}; every change is one step of undo (Ctrl+Z).`);
  }));
}
/** Open a map the shell answers with in the painter. */
function openMap(call: () => Promise<MapView | null>): void {
  if (!built) { withViews(() => openMap(call)); return; }
  guard(() => void send(call, (v) => {
    if (!v) return;
    show("paint");
    painter.open(v);
  }));
}

const library = mount(Library, {
  target: $("library"),
  props: {
    openMap,
    openFile: () => commands.open(),
    newMap: (spec: NewMapSpec) => openMap(() => api.newMap(spec)),
    message,
    startGame: (spec: NewGameSpec) => openGame(() => play.start(spec)),
    resumeGame: (game: number) => openGame(() => play.resume(game)),
    reviewGame: (game: number, node?: number) =>
      reviewGame(() => (node === undefined ? replay.open(game) : replay.line(game, node)), node),
    editScenario,
  },
}) as { refresh(): void; showNew(): void; setRulesets(r: [string, string][]): void };

const commands = {
  home: () => guard(() => show("library")),
  newMap: () => guard(() => { show("library"); library.showNew(); }),
  open: () => openMap(() => api.openMap()),
  help: () => { $("help").hidden = !$("help").hidden; },
};

$("btn-home").addEventListener("click", commands.home);
$("btn-new").addEventListener("click", commands.newMap);
$("btn-open").addEventListener("click", commands.open);
const inScenario = () => current === "scenario";
// These buttons show only in the views beside the Library, so after they are built.
$("btn-save").addEventListener("click", () => withViews(() => (inScenario() ? scenarioEditor.save() : painter.commands.save())));
$("btn-save-as").addEventListener("click", () => withViews(() => (inScenario() ? scenarioEditor.saveAs() : painter.commands.saveAs())));
$("btn-export").addEventListener("click", () => withViews(() => painter.commands.exportPng()));
$("btn-undo").addEventListener("click", () => withViews(() => (inScenario() ? scenarioEditor.undo() : painter.commands.undo())));
$("btn-redo").addEventListener("click", () => withViews(() => (inScenario() ? scenarioEditor.redo() : painter.commands.redo())));
$("btn-help").addEventListener("click", commands.help);
$("help-close").addEventListener("click", commands.help);
$("error-close").addEventListener("click", () => { $("error").hidden = true; if (built && current === "paint") painter.canvas.focus(); });

/** The help's table of keys (with the replay view's, which come with the views). */
function helpTable(replayShortcuts: [string, string][]): void {
  const shortcuts: [string, string][] = [
    ...paintShortcuts(painter),
    ...playShortcuts(),
    ...replayShortcuts,
    ...scenarioShortcuts(),
    ["Ctrl+N / Ctrl+O", "new map / open a map"],
    ["Arrows, Enter", "in the Library: choose a map or scenario and open it"],
    ["?  or F1", "this help"],
    ["Esc", "close a panel, cancel a road"],
  ];
  $("help-table").replaceChildren(...shortcuts.map(([k, what]) => el("tr", {}, el("td", {}, el("kbd", {}, k)), el("td", {}, what))));
}

window.addEventListener("keydown", (ev) => {
  const target = ev.target as HTMLElement;
  if (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA") return;
  const k = ev.key;
  if (ev.ctrlKey || ev.metaKey) {
    const lower = k.toLowerCase();
    if (lower === "o") { ev.preventDefault(); commands.open(); return; }
    if (lower === "n") { ev.preventDefault(); commands.newMap(); return; }
  } else if (k === "?" || k === "F1") {
    ev.preventDefault();
    commands.help();
    return;
  } else if (k === "Escape") {
    $("help").hidden = true;
    $("error").hidden = true;
  }
  if (!built) return;
  if (current === "paint" && $("confirm").hidden) paintKey(painter, ev);
  if (current === "play" && $("error").hidden) playKey(player, ev);
  if (current === "replay" && $("error").hidden) replayKey(replayer, ev);
  if (current === "scenario" && $("error").hidden && $("confirm").hidden) scenarioKey(scenarioEditor, ev);
});
window.addEventListener("keyup", (ev) => { if (built && ev.key === " ") painter.space = false; });
window.addEventListener("resize", () => {
  if (!built) return;
  painter.view.resize(); painter.showZoom(); player.view.resize(); replayer.view.resize(); scenarioEditor.view.resize();
});

// --- the unsaved-changes guard ----------------------------------------------------------------

let afterConfirm: (() => void) | null = null;

/** Run `then` at once, or after asking (save, discard, cancel) when the map has unsaved changes. */
function guard(then: () => void): void {
  const model = built ? painter.model : null;
  const sc = scenarioState.view;
  if (!model?.status.dirty && !sc?.dirty) { then(); return; }
  afterConfirm = then;
  $("confirm-text").textContent = `${sc?.dirty ? `The scenario ${sc.file.title}` : model!.status.title} has unsaved changes.`;
  $("confirm").hidden = false;
  $("confirm-cancel").focus();
}
$("confirm-cancel").addEventListener("click", () => { $("confirm").hidden = true; afterConfirm = null; });
$("confirm-discard").addEventListener("click", () => {
  $("confirm").hidden = true;
  const then = afterConfirm;
  afterConfirm = null;
  then?.();
});
$("confirm-save").addEventListener("click", () => {
  $("confirm").hidden = true;
  const then = afterConfirm;
  afterConfirm = null;
  if (scenarioState.view?.dirty) {
    scenarioEditor.save(() => then?.());
    return;
  }
  send(() => api.save(), (s) => {
    if (!s || !built || !painter.model) return;
    painter.saved(s);
    then?.();
  });
});

// --- start --------------------------------------------------------------------------------------

void listen("close-requested", () => guard(() => void send(() => api.closeWindow(true))));
show("library");
mark("library");
void (early<AppInfo>("app_info") ?? api.appInfo()).then((info) => {
  mark("app_info");
  processAge(info.process_age_ms, info.launch_steps);
  message(`Kepi ${info.version}`);
  // The rule systems whose terrain charts give a map its terrain, hexsides and routes.
  library.setRulesets(info.rulesets);
  // About: Kepi's version and each system's rules version (what a game records).
  $("help-about").textContent = [`Kepi ${info.version}`, ...info.rules_versions].join(" · ");
}).catch(() => message("Kepi"));
