// Kepi's UI: the app around its views. The Library (views/library/, the home page), the map
// painter (views/paint/) and the play view (views/play/); the top bar, the status bar's message, the dialogs (help, error, the
// unsaved-changes guard) and the keys that work everywhere. Commands reach the shell through one
// ordered queue (ipc/queue.ts). The UI holds no rules.

import { listen } from "@tauri-apps/api/event";
import { flushSync, mount } from "svelte";
import { $, el } from "./dom";
import { api, type MapView, type NewMapSpec } from "./ipc/commands";
import { errorText, isAppError } from "./ipc/errors";
import { CommandQueue } from "./ipc/queue";
import { mark, processAge } from "./launch";
import { install as installTestHooks } from "./testing";
import { installScenarioHooks } from "./testing-scenario";
import Library from "./views/library/Library.svelte";
import { paintKey, paintShortcuts } from "./views/paint/keys";
import { Painter } from "./views/paint/painter";
import { play, type NewGameSpec, type PlayOpened } from "./ipc/play";
import PlaySide from "./views/play/PlaySide.svelte";
import { playKey, playShortcuts } from "./views/play/keys";
import { Player } from "./views/play/player";
import { replay, type ReplayOpened } from "./ipc/replay";
import ReplaySide from "./views/replay/ReplaySide.svelte";
import { Replayer, replayKey, replayShortcuts } from "./views/replay/replayer";
import { replayTimings } from "./views/replay/replay-state.svelte";
import { scenario, type ScenarioOpened } from "./ipc/scenario";
import ScenarioSide from "./views/scenario/ScenarioSide.svelte";
import { ScenarioEditor } from "./views/scenario/scenario-editor";
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
const painter = new Painter({ queue, message }, $<HTMLCanvasElement>("map-canvas"));
const player = new Player({ queue, message }, $<HTMLCanvasElement>("play-canvas"));
mount(PlaySide, { target: $("play-side"), props: { player } });
const replayer = new Replayer(queue, $<HTMLCanvasElement>("replay-canvas"));
mount(ReplaySide, { target: $("replay-side"), props: { replayer } });
const scenarioEditor = new ScenarioEditor({ queue, message }, $<HTMLCanvasElement>("scenario-canvas"));
mount(ScenarioSide, { target: $("scenario-side"), props: { editor: scenarioEditor } });
mark("views");
// Only in test builds (the bundler drops the hooks from the others).
if (import.meta.env.VITE_KEPI_TEST_HOOKS === "1") {
  installTestHooks(painter, queue, player, replayer);
  installScenarioHooks(scenarioEditor);
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
  if (view !== "paint") painter.close();
  if (view !== "play") player.close();
  if (view !== "replay") replayer.close();
  if (view !== "scenario" && scenarioState.opened) {
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
  guard(() => void send(call, (o) => {
    show("scenario");
    scenarioEditor.view.resize();
    scenarioEditor.open(o);
    $("doc-title").textContent = `${o.view.file.title} · scenario`;
    message(`${o.view.file.title}: ${o.view.problems.length ? `${o.view.problems.length} problem(s) to fix` : "valid"}; every change is one step of undo (Ctrl+Z).`);
  }));
}
// "Play on from here" in the replay view: the play view at that node (a new variation).
replayer.onPlayFrom = (game, node) => openGame(() => play.continueFrom(game, node));

/** Open a map the shell answers with in the painter. */
function openMap(call: () => Promise<MapView | null>): void {
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
$("btn-save").addEventListener("click", () => (inScenario() ? scenarioEditor.save() : painter.commands.save()));
$("btn-save-as").addEventListener("click", () => (inScenario() ? scenarioEditor.saveAs() : painter.commands.saveAs()));
$("btn-export").addEventListener("click", () => painter.commands.exportPng());
$("btn-undo").addEventListener("click", () => (inScenario() ? scenarioEditor.undo() : painter.commands.undo()));
$("btn-redo").addEventListener("click", () => (inScenario() ? scenarioEditor.redo() : painter.commands.redo()));
$("btn-help").addEventListener("click", commands.help);
$("help-close").addEventListener("click", commands.help);
$("error-close").addEventListener("click", () => { $("error").hidden = true; if (current === "paint") painter.canvas.focus(); });

const SHORTCUTS: [string, string][] = [
  ...paintShortcuts(painter),
  ...playShortcuts(),
  ...replayShortcuts(),
  ...scenarioShortcuts(),
  ["Ctrl+N / Ctrl+O", "new map / open a map"],
  ["Arrows, Enter", "in the Library: choose a map or scenario and open it"],
  ["?  or F1", "this help"],
  ["Esc", "close a panel, cancel a road"],
];
$("help-table").append(...SHORTCUTS.map(([k, what]) => el("tr", {}, el("td", {}, el("kbd", {}, k)), el("td", {}, what))));

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
  if (current === "paint" && $("confirm").hidden) paintKey(painter, ev);
  if (current === "play" && $("error").hidden) playKey(player, ev);
  if (current === "replay" && $("error").hidden) replayKey(replayer, ev);
  if (current === "scenario" && $("error").hidden && $("confirm").hidden) scenarioKey(scenarioEditor, ev);
});
window.addEventListener("keyup", (ev) => { if (ev.key === " ") painter.space = false; });
window.addEventListener("resize", () => { painter.view.resize(); painter.showZoom(); player.view.resize(); replayer.view.resize(); scenarioEditor.view.resize(); });

// --- the unsaved-changes guard ----------------------------------------------------------------

let afterConfirm: (() => void) | null = null;

/** Run `then` at once, or after asking (save, discard, cancel) when the map has unsaved changes. */
function guard(then: () => void): void {
  const model = painter.model;
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
    if (!s || !painter.model) return;
    painter.saved(s);
    then?.();
  });
});

// --- start --------------------------------------------------------------------------------------

void listen("close-requested", () => guard(() => void send(() => api.closeWindow(true))));
show("library");
mark("library");
void api.appInfo().then((info) => {
  mark("app_info");
  processAge(info.process_age_ms);
  message(`Kepi ${info.version}`);
  // The rule systems whose terrain charts give a map its terrain, hexsides and routes.
  library.setRulesets(info.rulesets);
  // About: Kepi's version and each system's rules version (what a game records).
  $("help-about").textContent = [`Kepi ${info.version}`, ...info.rules_versions].join(" · ");
}).catch(() => message("Kepi"));
