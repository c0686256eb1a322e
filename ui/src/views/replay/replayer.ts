// The replay view: a game of the archive stepped through, its counters drawn as in the play view
// (map/layers/counters.ts). Positions come from the core, opened from the archive node by node;
// the move list and the dice come with the game. The view holds no rules and writes nothing.

import type { CommandQueue } from "../../ipc/queue";
import { replay, type Annotation, type ReplayOpened, type ReplayPosition } from "../../ipc/replay";

/** Positions kept, and asked ahead of the one shown in the direction of the last step (the
 * shell answers one in about a millisecond, the IPC's round trip takes tens: asked a few at a
 * time, stepping and holding a key run at the frame rate). */
const POSITIONS_KEPT = 512;
const AHEAD = 8;
/** Commands described by one page of the rest of a long line (`replay_moves`): small enough
 * that a step asked meanwhile waits little for the shell (about 0.3 ms a command). */
const PAGE = 100;
import { AnnotationsLayer } from "../../map/layers/annotations";
import { CountersLayer } from "../../map/layers/counters";
import { MapCanvas } from "../../map/view";
import { MapModel } from "../../store/map";
import { replayState, replayTimings } from "./replay-state.svelte";
import { flushSync } from "svelte";
import { errorText } from "../../ipc/errors";

export class Replayer {
  readonly view: MapCanvas;
  readonly counters = new CountersLayer();
  readonly notes = new AnnotationsLayer();
  model: MapModel | null = null;
  /** Opens the play view at a node of the game to play on from it (set by the app). */
  onPlayFrom: (game: number, node: number) => void = () => {};
  /** The index asked for last: answers for older asks are dropped. */
  private wanted = 0;
  /** Scroll the move list to a place of the line (set by the panel). */
  reveal: (index: number) => void = () => {};
  /** Positions answered, by node (the oldest dropped past POSITIONS_KEPT), and those asked: a
   * step to a position already here is shown at once. Emptied when a line is opened; a node's
   * annotations are updated here when they are edited. */
  private positions = new Map<number, ReplayPosition>();
  private asking = new Map<number, Promise<ReplayPosition>>();
  /** Counts the lines opened: the pages of an earlier line are dropped. */
  private generation = 0;

  constructor(private queue: CommandQueue, readonly canvas: HTMLCanvasElement) {
    this.view = new MapCanvas(canvas);
    // Stepping redraws the counters frame after frame: the overview is drawn ahead only when
    // the view rests, and the first picture of a game's map may take 120 ms a frame.
    this.view.aheadIdleMs = 250;
    this.view.firstPictureMs = 120;
    // A step changes only the counters: a frame is one copy of the picture kept under them,
    // and the first picture of a game's map is drawn in one pass.
    this.view.keepPicture = true;
    this.view.addLayer(this.counters);
    this.view.addLayer(this.notes);
    canvas.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const r = canvas.getBoundingClientRect();
      this.view.zoomAt(Math.exp(-ev.deltaY * 0.0015), ev.clientX - r.left, ev.clientY - r.top);
    }, { passive: false });
    let drag: { x: number; y: number; moved: boolean } | null = null;
    canvas.addEventListener("pointerdown", (ev) => { canvas.setPointerCapture(ev.pointerId); drag = { x: ev.clientX, y: ev.clientY, moved: false }; });
    canvas.addEventListener("pointermove", (ev) => {
      if (!drag) return;
      if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 4) drag.moved = true;
      if (!drag.moved) return;
      this.view.panBy(ev.clientX - drag.x, ev.clientY - drag.y);
      drag = { x: ev.clientX, y: ev.clientY, moved: true };
    });
    canvas.addEventListener("pointerup", (ev) => {
      const d = drag;
      drag = null;
      if (!d || d.moved || !this.model) return;
      const i = this.view.hexAt(ev);
      if (i >= 0) this.clickHex(this.model.grid.name(i));
    });
  }

  /** Show another line of the same game (a variation, or after an edit), at the position of
   * `node` on it (or the end). */
  reopen(o: ReplayOpened, node?: number): void {
    this.forget();
    // The position opened with a line is the whole board.
    if (o.position && replayState.seenBy === null) this.positions.set(o.position.node, o.position);
    this.counters.setMarkers(o.markers);
    this.counters.setLayout(o.counter_layout);
    replayState.game = o;
    replayState.described = o.line.filter((l) => l.described).length;
    const k = node === undefined ? -1 : o.line.findIndex((l) => l.node === node);
    this.go(k >= 0 ? k + 1 : o.line.length);
    this.describeLater();
  }

  /** Describe the rest of the line once the first picture is drawn. */
  private describeLater(): void {
    const gen = this.generation;
    const start = () => { if (gen === this.generation) void this.describeRest().catch((e) => {
      // A damaged record is refused naming its node: said in the panel, the rest stays usable.
      if (gen === this.generation) replayState.describeError = errorText(e);
    }); };
    if (replayState.game?.line.every((l) => l.described)) {
      replayState.described = replayState.game.line.length;
      return;
    }
    // Once the first picture is whole (a page holds the shell for tens of ms, and its answer
    // the window for a few).
    const wait = () => {
      if (gen !== this.generation) return;
      if (this.view.complete) setTimeout(start, 0);
      else requestAnimationFrame(wait);
    };
    requestAnimationFrame(wait);
  }

  /** A command of the shell that answers a line: shown at `node` (or the line's end). */
  edit(call: () => Promise<ReplayOpened>, node?: (o: ReplayOpened) => number | undefined): void {
    void this.queue.send(call, (o) => this.reopen(o, node?.(o)));
  }

  whatIf(node: number, roll: number, face: number): void {
    const k = replayState.index;
    this.edit(() => replay.whatIf(node, roll, face), (o) => o.line[k - 1]?.node);
  }

  /** Replay the position shown under today's rules, as a new variation (shown at its end). */
  underToday(): void {
    const g = replayState.game;
    const k = replayState.index;
    if (!g || k === 0) return;
    const node = g.line[k - 1].node;
    this.edit(() => replay.underToday(node));
  }

  /** Play on from the position shown, in the play view: the next command starts a new
   * variation there (the recorded line stays the main line). */
  playFromHere(): void {
    const g = replayState.game;
    if (!g) return;
    const k = replayState.index;
    this.onPlayFrom(g.game, k === 0 ? g.root : g.line[k - 1].node);
  }

  openLine(node: number): void {
    const g = replayState.game;
    if (g) this.edit(() => replay.line(g.game, node), () => node);
  }

  /** Show a game opened for review, at `node` (or the end of its line). */
  open(o: ReplayOpened, node?: number): void {
    replayTimings.position = 0;
    replayTimings.drawn = 0;
    this.forget();
    replayState.seenBy = null;
    // The position the line was opened at comes with it.
    if (o.position) this.positions.set(o.position.node, o.position);
    this.model = new MapModel(o.map);
    this.view.resize();
    this.view.setModel(this.model);
    this.view.zoomAt(32 / this.view.scale);
    this.counters.setMarkers(o.markers);
    this.counters.setLayout(o.counter_layout);
    replayState.game = o;
    // The progress bar counts this line's rows from the first frame.
    replayState.described = o.line.filter((l) => l.described).length;
    replayState.position = null;
    replayState.exported = "";
    const k = node === undefined ? -1 : node === o.root ? 0 : o.line.findIndex((l) => l.node === node) + 1;
    this.go(k >= 0 ? k : o.line.length);
    this.describeLater();
  }

  close(): void {
    this.forget();
    this.model = null;
    this.view.setModel(null);
    this.counters.setBoard(null, []);
    replayState.game = null;
    replayState.position = null;
  }

  exportGame(): void {
    const g = replayState.game;
    if (!g) return;
    void this.queue.send(() => replay.exportGame(g.game), (path) => {
      if (path) replayState.exported = `Written to ${path}`;
    });
  }

  /** A click on the map while an annotation is drawn: a highlight, or an arrow's end. */
  clickHex(hex: string): void {
    const d = replayState.draft;
    if (!d?.tool) return;
    if (d.tool === "highlight") d.shapes = [...d.shapes, { kind: "highlight", hex, color: d.color }];
    else if (!this.notes.pending) this.notes.pending = hex;
    else {
      if (this.notes.pending !== hex) d.shapes = [...d.shapes, { kind: "arrow", from: this.notes.pending, to: hex, color: d.color }];
      this.notes.pending = null;
    }
    this.showNotes();
  }

  /** Draw the node's annotations, and the one being written in their place. */
  showNotes(): void {
    this.setNotes();
    this.view.requestDraw();
  }

  /** Give the annotations layer the node's shapes and the draft's; whether what it draws
   * changed. */
  private setNotes(): boolean {
    const p = replayState.position, d = replayState.draft;
    const saved = (p?.annotations ?? []).filter((a) => a.id !== d?.id).flatMap((a) => a.shapes);
    const before = JSON.stringify([this.notes.shapes, this.notes.pending]);
    this.notes.shapes = [...saved, ...(d?.shapes ?? [])];
    if (!d?.tool) this.notes.pending = null;
    return JSON.stringify([this.notes.shapes, this.notes.pending]) !== before;
  }

  /** Save the annotation being written on the node shown. */
  saveDraft(): void {
    const d = replayState.draft, p = replayState.position;
    if (!d || !p) return;
    const tags = d.tags.split(",").map((t) => t.trim()).filter(Boolean);
    const node = p.node;
    void this.queue.send(() => replay.annotate(node, { id: d.id, node, author: "", text: d.text, shapes: d.shapes, tags, created: "", updated: "" }), (list) => {
      replayState.draft = null;
      this.noted(node, list);
      this.showNotes();
    });
  }

  deleteNote(id: number): void {
    const p = replayState.position;
    if (!p) return;
    const node = p.node;
    void this.queue.send(() => replay.deleteAnnotation(node, id), (list) => {
      this.noted(node, list);
      this.showNotes();
    });
  }

  /** A node's annotations after an edit: in the position shown, the one kept, the move list. */
  private noted(node: number, list: Annotation[]): void {
    if (replayState.position?.node === node) replayState.position = { ...replayState.position, annotations: list };
    const kept = this.positions.get(node);
    if (kept) this.positions.set(node, { ...kept, annotations: list });
    const g = replayState.game;
    const k = g ? g.line.findIndex((x) => x.node === node) : -1;
    if (g && k >= 0) {
      const line = g.line.slice();
      line[k] = { ...line[k], annotations: list.length };
      replayState.game = { ...g, line };
    }
  }

  private forget(): void {
    this.positions.clear();
    this.asking.clear();
    this.generation++;
  }

  /** Have the commands of the line open not described yet described, page by page, those
   * nearest the position shown first; each page is shown as it comes (a progress bar counts
   * them). Pages go outside the command queue, between steps; a line opened since drops them. */
  private async describeRest(): Promise<void> {
    const gen = this.generation;
    replayState.describeError = "";
    const line = replayState.game?.line ?? [];
    replayState.described = line.filter((l) => l.described).length;
    while (gen === this.generation) {
      const g = replayState.game;
      if (!g) return;
      const rows = g.line;
      // The row not described nearest the current one, and the run of rows not described
      // around it, at most PAGE, towards it.
      const now = Math.max(0, replayState.index - 1);
      let r = -1;
      for (let d = 0; d < rows.length && r < 0; d++) {
        if (now + d < rows.length && !rows[now + d].described) r = now + d;
        else if (now - d >= 0 && !rows[now - d].described) r = now - d;
      }
      if (r < 0) return;
      let a = r, b = r + 1;
      if (r < now) while (a > 0 && b - a < PAGE && !rows[a - 1].described) a--;
      else while (b < rows.length && b - a < PAGE && !rows[b].described) b++;
      let page;
      try {
        page = await replay.moves(g.tip, a, b - a);
      } catch (e) {
        // The line changed under the page (an edit opened another): the next line's own pages.
        if (gen !== this.generation) return;
        throw e;
      }
      if (gen !== this.generation) return;
      const shown = replayState.game!;
      const line = shown.line.slice();
      for (let i = 0; i < page.length; i++) {
        // A count of annotations edited since the line was opened stays as edited.
        line[a + i] = { ...page[i], annotations: line[a + i].annotations };
      }
      replayState.game = { ...shown, line };
      replayState.described += page.length;
    }
  }

  /** The position at a node: kept, being asked, or asked now. */
  private position(node: number): Promise<ReplayPosition> {
    const kept = this.positions.get(node);
    if (kept) return Promise.resolve(kept);
    const asked = this.asking.get(node);
    if (asked) return asked;
    const p = replay.at(node, replayState.seenBy).then((pos) => {
      if (this.asking.get(node) === p) {
        this.asking.delete(node);
        this.positions.set(node, pos);
        if (this.positions.size > POSITIONS_KEPT) this.positions.delete(this.positions.keys().next().value!);
      }
      return pos;
    }, (e) => {
      if (this.asking.get(node) === p) this.asking.delete(node);
      throw e;
    });
    this.asking.set(node, p);
    return p;
  }

  /** Ask the positions after (or before) index k, in the direction of the last step. */
  private askAhead(k: number, dir: number): void {
    const g = replayState.game;
    if (!g) return;
    for (let i = 1; i <= AHEAD; i++) {
      const j = k + i * dir;
      if (j < 0 || j > g.line.length) break;
      const node = j === 0 ? g.root : g.line[j - 1].node;
      if (!this.positions.has(node) && !this.asking.has(node)) void this.position(node).catch(() => {});
    }
  }

  get length(): number {
    return replayState.game?.line.length ?? 0;
  }

  /** Show the position after `index` commands (0: the start). */
  go(index: number): void {
    const g = replayState.game;
    if (!g) return;
    const k = Math.max(0, Math.min(this.length, index));
    const dir = k < replayState.index ? -1 : 1;
    this.wanted = k;
    replayState.index = k;
    const node = k === 0 ? g.root : g.line[k - 1].node;
    const t = { asked: performance.now(), answered: 0, applied: 0 };
    const show = (p: ReplayPosition) => {
      t.answered = performance.now();
      // A position asked before the board was switched to another side's view.
      if (this.wanted !== k || p.seen_by !== replayState.seenBy) return;
      replayState.position = p;
      replayState.draft = null;
      // A step mostly moves a few counters: only their hexes are redrawn, unless the notes
      // drawn changed too.
      const moved = this.counters.setBoard(p.board, g.sides.map((s) => s.color));
      if (this.setNotes() || !moved) this.view.requestDraw();
      else if (moved.length) this.view.requestDrawIn(moved);
      flushSync();
      t.applied = performance.now();
      if (!replayTimings.position) {
        replayTimings.position = t.applied;
        this.view.onDrawn = () => { replayTimings.drawn ||= performance.now(); this.view.onDrawn = null; };
      }
      replayTimings.steps.push(t);
      if (replayTimings.steps.length > 1000) replayTimings.steps.splice(0, 500);
    };
    const kept = this.positions.get(node);
    // A position kept is shown at once, unless a command of the view is still on its way (an
    // edit's answer is shown first, in order).
    if (kept && this.queue.quiet) show(kept);
    else void this.queue.send(() => { t.asked = performance.now(); return this.position(node); }, show);
    this.askAhead(k, dir);
  }

  step(d: number): void { this.go(replayState.index + d); }

  /** Show the board as side `side` saw it (null: the whole board), from the position shown on:
   * the positions kept were of the other view. */
  seeAs(side: number | null): void {
    if (replayState.seenBy === side) return;
    replayState.seenBy = side;
    this.positions.clear();
    this.asking.clear();
    this.go(replayState.index);
  }

  /** The first position of a game-turn (its first command's). */
  goToTurn(turn: number): void {
    const line = replayState.game?.line ?? [];
    const k = line.findIndex((l) => l.turn >= turn);
    this.go(k < 0 ? this.length : k + 1);
  }
}

export function replayKey(r: Replayer, ev: KeyboardEvent): void {
  if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
  // Held down, the keys repeat: the game runs through.
  const moves: Record<string, () => void> = {
    ArrowRight: () => r.step(1), ArrowLeft: () => r.step(-1),
    Home: () => r.go(0), End: () => r.go(r.length),
    PageDown: () => r.step(10), PageUp: () => r.step(-10),
  };
  const f = moves[ev.key];
  if (f) { ev.preventDefault(); f(); }
}

export function replayShortcuts(): [string, string][] {
  return [
    ["← →", "in a replay: back and forward one command (hold to run through the game)"],
    ["Home / End", "in a replay: the start / the end of the game"],
    ["PgUp / PgDn", "in a replay: ten commands back / forward"],
  ];
}
