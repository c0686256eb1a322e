// The play view: a game of the archive on the map. The counters (map/layers/counters.ts), the
// marks of the selected unit (marks.ts) and the panels (PlaySide.svelte, through
// play-state.svelte.ts). Every command goes to the core through the ordered queue and is
// recorded there with its dice before the answer comes back; the view holds no rules: where a
// unit may go, what it may attack, the odds and the results all come from the core.

import { errorText, isAppError } from "../../ipc/errors";
import { play, type CommandInfo, type Counter, type LegalCommand, type PlayOpened, type PlayView, type Reach, type ReachHex } from "../../ipc/play";
import type { CommandQueue } from "../../ipc/queue";
import { CountersLayer } from "../../map/layers/counters";
import { MapCanvas } from "../../map/view";
import { MapModel } from "../../store/map";
import { MarksLayer, TurnsLayer, WaypointsLayer } from "./marks";
import { playState } from "./play-state.svelte";
import { bearingOf, nearestBearing, nextBearing } from "./turns";

export interface PlayShell {
  queue: CommandQueue;
  message(text: string, warn?: boolean): void;
}

/** Pixels per hex radius a game opens at: counters' values legible (about 12 px). */
export const PLAY_SCALE = 40;

// How a command is offered (a button, a unit's action, a hex of the map, a move through the
// reach) is its rule system's description of it (`LegalCommand.info`); the view reads nothing
// else of a command and knows no system's command kinds.

export class Player {
  readonly view: MapCanvas;
  readonly counters = new CountersLayer();
  readonly marks = new MarksLayer();
  model: MapModel | null = null;
  /** Faces for the next command's rolls (test builds only: the end-to-end test forces a roll). */
  forced: number[] = [];
  /** The selected unit's legal commands given by clicking a hex of the map. */
  private unitHexCommands: LegalCommand[] = [];
  /** The selected unit's turns: its commands that leave it facing a new bearing
   * (`info.facing`), given by `[`, `]` or a drag from the unit. */
  private turnCommands: LegalCommand[] = [];
  /** The selected unit's moves that end facing a bearing (`info.facing`), given through its
   * reach: where several end in one hex, the player chooses the facing before the move. */
  private reachCommands: LegalCommand[] = [];
  /** The selected unit's moves together with others (a line moving as one command, its
   * `info.steps` one a unit), each with the hex the selected unit ends in: offered on the map
   * while "Move together" is on (`playState.together`). */
  private togetherCommands: { hex: string; command: LegalCommand }[] = [];
  /** A move chosen on the map whose facing at its end is being chosen: the hex, the moves
   * ending there (one a bearing), the bearing aimed (its arrow drawn round the hex). */
  endFacing: { hex: string; commands: LegalCommand[] } | null = null;
  /** The selected unit's moves take waypoints. */
  private waypoints = false;
  /** A press on the map: it pans when dragged, or turns the selected unit when it began on the
   * unit's hex and the unit may turn. */
  private drag: { x: number; y: number; moved: boolean; turning: boolean } | null = null;
  /** A unit dragged from a tray. */
  dragging: string | null = null;

  constructor(private shell: PlayShell, readonly canvas: HTMLCanvasElement) {
    this.view = new MapCanvas(canvas);
    this.view.addLayer(this.marks);
    this.view.addLayer(this.counters);
    this.view.addLayer(new WaypointsLayer(this.marks));
    this.view.addLayer(new TurnsLayer(this.marks));
    this.listen();
  }

  private send<T>(call: () => Promise<T>, then?: (v: T) => void): Promise<void> {
    return this.shell.queue.send(call, then);
  }

  get state(): PlayView | null {
    return playState.view;
  }

  // --- the game ---------------------------------------------------------------------------------

  open(o: PlayOpened): void {
    this.model = new MapModel(o.map);
    this.view.resize();
    this.view.setModel(this.model);
    this.deselect();
    this.update(o.view);
    this.focusAction();
    this.canvas.focus();
  }

  close(): void {
    clearTimeout(this.computerTimer);
    this.model = null;
    this.view.setModel(null);
    this.counters.setBoard(null, []);
    playState.view = null;
    this.deselect();
  }

  /** Zoom to where the action is: the deployment area, or the phasing side's units. */
  focusAction(): void {
    const v = this.state, g = this.model?.grid;
    if (!v || !g) return;
    const names = v.board.deployment.flatMap((d) => d.hexes);
    const hexes = names.length ? names : v.board.counters.filter((c) => c.place === "map" && c.side === v.progress.player).map((c) => c.hex!);
    const idx = hexes.map((h) => g.parse(h)).filter((i) => i >= 0);
    if (!idx.length) return;
    const x = idx.reduce((s, i) => s + g.cx[i], 0) / idx.length;
    const y = idx.reduce((s, i) => s + g.cy[i], 0) / idx.length;
    this.view.zoomAt(PLAY_SCALE / this.view.scale);
    const [sx, sy] = this.view.toScreen(x, y);
    const r = this.canvas.getBoundingClientRect();
    this.view.panBy(r.width / 2 - sx, r.height / 2 - sy);
  }

  private computerTimer = 0;

  /** When the computer plays the side to act: its next command after the pace set. */
  private scheduleComputer(v: PlayView): void {
    clearTimeout(this.computerTimer);
    if (v.progress.over || !v.computer[v.progress.player] || playState.pace < 0) return;
    this.computerTimer = window.setTimeout(() => this.computerStep(), playState.pace);
  }

  /** The computer plays one command (the side to act must be the computer's). */
  computerStep(): void {
    clearTimeout(this.computerTimer);
    void this.send(() => play.computerStep().catch((e) => { this.refused(e); return null; }), (v) => {
      if (!v || !playState.view) return;
      this.update(v);
      this.deselect();
      this.shell.message(v.explanations[0] ?? "");
    });
  }

  /** Hand a side to the computer, or take it over (level null). */
  setComputer(side: number, level: string | null): void {
    void this.send(() => play.setComputer(side, level).catch((e) => { this.refused(e); return null; }), (v) => {
      if (v) this.update(v);
    });
  }

  /** The core's answer to a command: draw the new position. */
  update(v: PlayView): void {
    // Another game: its board has not been handed to anyone yet.
    if (playState.view?.game !== v.game) {
      playState.handedTo = null;
      playState.happened = [];
    }
    // Once per command: the same view drawn again (the pace changed) announces nothing new.
    const fresh = playState.view?.game !== v.game || playState.view?.node !== v.node;
    if (fresh && v.happened.length) playState.happened = [...[...v.happened].reverse(), ...playState.happened];
    this.scheduleComputer(v);
    playState.view = v;
    playState.refusal = "";
    const colors = v.sides.map((s) => s.color);
    this.counters.setMarkers(v.markers);
    this.counters.setLayout(v.counter_layout);
    this.counters.setBoard(v.board, colors);
    const area = v.board.deployment.flatMap((d) => d.hexes);
    this.marks.area = area;
    this.marks.areaColor = colors[v.progress.player] ?? "#888888";
    this.view.requestDraw();
    document.body.dataset.phase = v.progress.phase_key;
  }

  /** Play a command (stored form); a refusal is shown in the core's words. */
  apply(command: unknown, then?: (v: PlayView) => void, at?: string): Promise<void> {
    const forced = this.forced;
    this.forced = [];
    return this.shell.queue.send(() => play.apply(command, forced, at).catch((e) => { this.refused(e); return null; }), (v) => {
      if (!v) return;
      const keep = playState.selected?.id ?? null;
      this.update(v);
      this.shell.message(v.last.length ? v.last[v.last.length - 1] : "");
      this.deselect();
      // The unit stays selected while it can still act (fire allocations, a second move).
      if (keep) {
        const c = v.board.counters.find((x) => x.id === keep);
        if (c && c.place === "map" && !v.progress.deploying) this.select(c);
      }
      then?.(v);
    });
  }

  private refused(e: unknown): void {
    const text = errorText(e);
    playState.refusal = text;
    this.shell.message(text, true);
    if (!isAppError(e) || (e.code !== "refused" && e.code !== "invalid_argument")) throw e;
  }

  takeBack(): void {
    void this.send(() => play.takeBack().catch((e) => { this.refused(e); return null; }), (v) => {
      if (!v) return;
      this.update(v);
      this.deselect();
      this.shell.message("Took back the last command (the archive keeps it as a variation).");
    });
  }

  autoDeploy(): void {
    void this.send(() => play.autoDeploy().catch((e) => { this.refused(e); return null; }), (v) => {
      if (!v) return;
      this.update(v);
      this.deselect();
      this.focusAction();
    });
  }

  /** The command that ends the phase, the segment or the deployment, when legal now. */
  endCommand(): LegalCommand | undefined {
    return this.state?.general.find((c) => c.info.ends_phase);
  }

  /** Commands that resolve something still open (fire allocated and not resolved). */
  openCommands(): LegalCommand[] {
    return (this.state?.general ?? []).filter((c) => c.info.resolves);
  }

  /** End the phase; when other commands of the phase are still open (fire allocated and not
   * resolved), ask first unless `anyway`. */
  endPhase(anyway = false): void {
    playState.confirmEnd = null;
    const open = this.openCommands();
    if (!anyway && open.length) {
      playState.confirmEnd = { open: open.map((c) => c.label) };
      return;
    }
    const c = this.endCommand();
    if (!c) {
      playState.refusal = "The phase cannot end now: " + (this.state?.progress.waiting_for ?? "a command is still expected");
      return;
    }
    void this.apply(c.command, () => this.focusAction());
  }

  // --- selection ----------------------------------------------------------------------------------

  deselect(): void {
    this.endFacing = null;
    this.reachCommands = [];
    this.togetherCommands = [];
    playState.together = null;
    playState.selected = null;
    playState.actions = [];
    playState.reach = null;
    playState.via = [];
    playState.preview = null;
    playState.previewCommand = null;
    playState.previewChoices = [];
    playState.hexActions = null;
    playState.sight = "";
    this.sightTo = "";
    this.counters.selected = null;
    this.unitHexCommands = [];
    this.turnCommands = [];
    this.waypoints = false;
    this.marks.clear();
    this.view.requestDraw();
  }

  select(c: Counter): void {
    const v = this.state;
    if (!v) return;
    this.deselect();
    playState.selected = c;
    this.counters.selected = c.id;
    const t0 = performance.now();
    // The reach first: it is what the player waits to see.
    if (v.moving && c.side === v.progress.player) {
      void this.send(() => play.reach(c.id), (r) => {
        if (playState.selected?.id !== c.id) return;
        this.showReach(r);
        // Shown in the next frame: the figure the end-to-end test reads.
        requestAnimationFrame(() => { playState.reachMs = performance.now() - t0; });
      });
    }
    void this.send(() => play.legal(c.id, null), (cmds) => {
      if (playState.selected?.id !== c.id) return;
      this.unitHexCommands = cmds.filter((x) => x.info.offer === "map" && x.info.hex);
      playState.actions = cmds.filter((x) => x.info.offer === "unit");
      this.turnCommands = playState.actions.filter((x) => x.info.facing != null);
      const moves = cmds.filter((x) => x.info.offer === "reach" && x.info.facing != null);
      this.reachCommands = moves.filter((x) => x.info.steps.length < 2);
      this.togetherCommands = moves.flatMap((x) => {
        const own = x.info.steps.find((st) => st.unit === c.id);
        const hex = own?.path[own.path.length - 1];
        return x.info.steps.length >= 2 && hex ? [{ hex, command: x }] : [];
      });
      const first = this.togetherCommands[0]?.command.info.steps.map((st) => st.unit) ?? [];
      playState.together = first.length ? { units: first, on: false } : null;
      this.marks.turns = this.turnCommands.length && c.hex
        ? { hex: c.hex, bearings: this.turnCommands.map((x) => x.info.facing!), aimed: null }
        : null;
      this.waypoints = cmds.some((x) => x.info.waypoints);
      this.marks.targets = [...new Set(this.unitHexCommands.map((x) => x.info.hex!))];
      this.view.requestDraw();
    });
  }

  private showReach(r: Reach): void {
    playState.reach = r;
    if (playState.together?.on) return;
    this.marks.reach = new Map(r.hexes.map((h) => [h.hex, h.left]));
    this.marks.waypoints = [...playState.via];
    this.view.requestDraw();
  }

  /** The path to a hex of the reach, from the unit's hex, and the passing fires on it. */
  private showPath(h: ReachHex | undefined): void {
    const at = playState.selected?.hex;
    this.marks.path = h ? [...(at ? [at] : []), ...h.path] : [];
    this.marks.fires = h ? h.fires : [];
  }

  /** The move's path in words for the status line: its waypoints and passing fires. */
  static pathWords(h: ReachHex, via: string[]): string {
    const n = h.fires.length;
    const fires = n === 0 ? "no passing fire" : n === 1 ? "1 passing fire" : `${n} passing fires`;
    const through = via.length ? ` through ${via.join(", ")}` : "";
    return `To ${h.hex}${through}: ${h.cost} MP, ${fires}`;
  }

  /** Shift+click on a hex: the move passes through it (a waypoint, where the rules take them); the reach
   * is asked again through every waypoint so far. The hex need not be one the move may end
   * in: a move may pass through a hex it may not stop in (a full stack, AoR 5.3; out of
   * command range, AoR 12.1), and a hex it cannot pass through is refused by the rules, the
   * refusal naming the hex and the rule in the status line. */
  addWaypoint(name: string): void {
    const sel = playState.selected;
    const r = playState.reach;
    if (!sel || !r || !this.waypoints) return;
    this.askReach(sel, [...playState.via, name], name);
  }

  /** Escape or Backspace: the last waypoint removed; false when there was none. */
  removeWaypoint(): boolean {
    const sel = playState.selected;
    if (!sel || !playState.via.length) return false;
    this.askReach(sel, playState.via.slice(0, -1), null);
    return true;
  }

  private askReach(c: Counter, via: string[], shown: string | null): void {
    void this.send(() => play.reach(c.id, via).catch((e) => { this.refused(e); return null; }), (r) => {
      if (!r || playState.selected?.id !== c.id) return;
      if (r.refused) {
        // The core's refusal names the waypoint and the rule; the waypoints stay as they were.
        playState.refusal = r.refused;
        this.shell.message(r.refused, true);
        return;
      }
      playState.refusal = "";
      playState.via = via;
      this.showReach(r);
      const h = shown ? r.hexes.find((x) => x.hex === shown) : undefined;
      this.showPath(h);
      this.shell.message(h ? Player.pathWords(h, via) : via.length ? `Waypoints: ${via.join(", ")}` : "No waypoints");
      this.view.requestDraw();
    });
  }

  /** "Move together" on or off (G): while on, the hexes the selected unit reaches moving with
   * the others of its line are marked, and a click on one moves them all as one command (the
   * arrows of each drawn on hover); off, the unit's own reach again. False when the unit has
   * no such move. */
  toggleTogether(): boolean {
    const t = playState.together, sel = playState.selected;
    if (!t || !sel) return false;
    this.cancelEndFacing();
    t.on = !t.on;
    this.marks.path = [];
    this.marks.steps = [];
    if (t.on) {
      this.marks.reach = new Map(this.togetherCommands.map((x) => [x.hex, ""]));
      this.shell.message(`${t.units.join(", ")} move together: a click on a marked hex moves ${sel.id} there and the others alongside (G: alone again)`);
    } else if (playState.reach) {
      this.showReach(playState.reach);
      this.shell.message(`${sel.id} moves alone`);
    } else {
      this.marks.reach.clear();
    }
    this.view.requestDraw();
    return true;
  }

  /** A click on `hex` while "Move together" is on: the move of the line that brings the
   * selected unit there (its facing chosen first where they differ). */
  private clickTogether(hex: string): void {
    const ends = this.togetherCommands.filter((x) => x.hex === hex).map((x) => x.command);
    const sel = playState.selected;
    if (!ends.length) {
      this.shell.message(`${sel?.id ?? "The unit"} cannot reach ${hex} moving together with ${playState.together?.units.filter((u) => u !== sel?.id).join(", ")}`, true);
      return;
    }
    if (new Set(ends.map((x) => x.info.facing)).size > 1) { this.chooseEndFacing(hex, undefined, ends); return; }
    void this.apply(ends[0].command);
  }

  /** The facing at the end of a move to `hex`: its bearings drawn round the hex, the reach's
   * own move's aimed. */
  private chooseEndFacing(hex: string, reachHex: ReachHex | undefined, ends: LegalCommand[]): void {
    const own = JSON.stringify(reachHex?.command);
    const aimed = (ends.find((x) => JSON.stringify(x.command) === own) ?? ends[0]).info.facing!;
    this.endFacing = { hex, commands: ends };
    this.marks.turns = { hex, bearings: ends.map((x) => x.info.facing!), aimed };
    this.showPath(reachHex);
    this.shell.message(`To ${hex}: facing the arrow at its end. [ and ] (or a drag from the hex) turn it; a click on the hex or Enter moves; Esc cancels`);
    this.view.requestDraw();
  }

  /** Enter, or a second click on the hex: the move ending facing the bearing aimed; false when
   * no move's facing is being chosen. */
  confirmEndFacing(): boolean {
    const e = this.endFacing, aimed = this.marks.turns?.aimed;
    if (!e) return false;
    const c = e.commands.find((x) => x.info.facing === aimed) ?? e.commands[0];
    this.endFacing = null;
    void this.apply(c.command);
    return true;
  }

  /** Esc: the facing choice dropped (the unit's own turns shown again); false when none. */
  cancelEndFacing(): boolean {
    if (!this.endFacing) return false;
    this.endFacing = null;
    const hex = playState.selected?.hex;
    this.marks.turns = this.turnCommands.length && hex
      ? { hex, bearings: this.turnCommands.map((x) => x.info.facing!), aimed: null }
      : null;
    this.marks.path = [];
    this.view.requestDraw();
    return true;
  }

  /** `]` turns the selected unit to the nearest bearing offered clockwise of where it faces,
   * `[` anticlockwise (or, while a move's facing is chosen, the arrow at its end); false when
   * it has no turn. */
  turn(dir: 1 | -1): boolean {
    if (this.endFacing && this.marks.turns) {
      const t = this.marks.turns;
      t.aimed = nextBearing(t.bearings, t.aimed ?? 0, dir) ?? t.aimed;
      this.view.requestDraw();
      return true;
    }
    const b = nextBearing(this.turnCommands.map((c) => c.info.facing!), playState.selected?.facing ?? 0, dir);
    const c = this.turnCommands.find((x) => x.info.facing === b);
    if (!c) return false;
    void this.apply(c.command);
    return true;
  }

  /** The turn whose bearing is nearest the direction from the selected unit's hex to the
   * world point (x, y); while a move's facing is chosen, the move whose facing at its end is
   * nearest the direction from its hex. */
  private turnToward(x: number, y: number): LegalCommand | null {
    const options = this.endFacing?.commands ?? this.turnCommands;
    const g = this.model?.grid, hex = this.endFacing?.hex ?? playState.selected?.hex;
    const i = g && hex ? g.parse(hex) : -1;
    if (!g || i < 0) return null;
    const b = nearestBearing(options.map((c) => c.info.facing!), bearingOf(g.cx[i], g.cy[i], x, y));
    return options.find((c) => c.info.facing === b) ?? null;
  }

  /** Select the next unit of the side to act that has something to do. */
  nextUnit(): void {
    const v = this.state;
    if (!v) return;
    const own = v.board.counters.filter((c) => c.side === v.progress.player && (c.place === "map" || (v.progress.deploying && c.place === "off" && !c.arrives)));
    if (!own.length) return;
    const k = own.findIndex((c) => c.id === playState.selected?.id);
    const next = own[(k + 1) % own.length];
    this.select(next);
    if (next.hex) this.centerOn(next.hex);
  }

  centerOn(hex: string): void {
    const g = this.model?.grid;
    const i = g ? g.parse(hex) : -1;
    if (!g || i < 0) return;
    const [sx, sy] = this.view.toScreen(g.cx[i], g.cy[i]);
    const r = this.canvas.getBoundingClientRect();
    if (sx < 40 || sy < 40 || sx > r.width - 40 || sy > r.height - 40) this.view.panBy(r.width / 2 - sx, r.height / 2 - sy);
  }

  // --- the map --------------------------------------------------------------------------------------

  /** A click on hex `name` (the map, or a drop from a tray); with Shift, on a hex of the
   * selected unit's reach, a waypoint of its move. */
  clickHex(name: string, shift = false): void {
    const v = this.state;
    if (!v) return;
    const sel = playState.selected;
    const reachHex = playState.reach?.hexes.find((h) => h.hex === name);
    if (sel && shift && playState.reach) { this.addWaypoint(name); return; }
    const cmd = sel ? this.unitHexCommands.find((x) => x.info.hex === name) : undefined;
    // The reach's command names the waypoints chosen (`via`): the move follows them. A hex of
    // the reach where the move is previewed first (a step that charges) shows its preview. Where
    // the moves to the hex end facing different ways, the first click shows the facings round
    // it (the reach's own aimed) and a second click, or Enter, makes the move facing the arrow.
    if (this.endFacing && this.endFacing.hex === name) { this.confirmEndFacing(); return; }
    this.cancelEndFacing();
    // Moving together: a hex of the line's moves (one of its own units may stand there now and
    // leave it), or an empty hex, answered by the line's move or why there is none.
    if (sel && playState.together?.on && (this.togetherCommands.some((x) => x.hex === name) || !this.counters.at(name).length)) { this.clickTogether(name); return; }
    if (sel && reachHex && !cmd?.info.preview) {
      const ends = this.reachCommands.filter((x) => x.info.hex === name);
      // (A move through waypoints keeps the reach's own facing: the listed moves name none.)
      if (!playState.via.length && new Set(ends.map((x) => x.info.facing)).size > 1) { this.chooseEndFacing(name, reachHex, ends); return; }
      void this.apply(reachHex.command);
      return;
    }
    if (sel && cmd) {
      if (cmd.info.preview) {
        // Several attacks on one hex (an assault from one stack or from two): the first is
        // previewed, the others are offered beside it.
        playState.previewChoices = this.unitHexCommands.filter((x) => x.info.hex === name && x.info.kind === cmd.info.kind);
        this.showPreview(cmd);
        return;
      }
      // A command aimed at the hex that leaves the unit facing one of several ways there (a
      // reinforcement entering, VV 4.1): one offer, its facings shown round the hex as a move's.
      const ends = this.unitHexCommands.filter((x) => x.info.hex === name && x.info.kind === cmd.info.kind && x.info.facing != null);
      if (new Set(ends.map((x) => x.info.facing)).size > 1) { this.chooseEndFacing(name, undefined, ends); return; }
      void this.apply(cmd.command);
      return;
    }
    const units = this.counters.at(name);
    if (sel && v.progress.deploying && sel.place === "off" && !units.some((u) => u.side !== sel.side)) {
      this.deployOutside(sel, name);
      return;
    }
    if (units.length) {
      // Click again on the selected stack: the next unit of it, and the stack spread out.
      const k = units.findIndex((u) => u.id === sel?.id);
      const pick = k >= 0 ? units[(k + units.length - 1) % units.length] : units[units.length - 1];
      this.counters.spread = units.length > 1 ? name : null;
      playState.stack = units;
      playState.stackHex = name;
      this.select(pick);
      return;
    }
    this.counters.spread = null;
    playState.stack = [];
    this.deselect();
    void this.send(() => play.legal(null, name), (cmds) => {
      playState.hexActions = cmds.length ? { hex: name, commands: cmds } : null;
    });
  }

  /** A deployment the core did not list: one of the unit's listed ones aimed at the hex, so
   * that the rules' refusal names why it may not go there. */
  private deployOutside(unit: Counter, hex: string): void {
    const any = this.unitHexCommands[0];
    if (!any) {
      playState.refusal = `${unit.id} cannot be deployed now.`;
      return;
    }
    void this.apply(any.command, undefined, hex);
  }

  showPreview(cmd: LegalCommand): void {
    this.marks.attack = cmd.info.hex ?? null;
    playState.previewCommand = cmd;
    void this.send(() => play.preview([cmd.command]).catch((e) => { this.refused(e); return null; }), (p) => {
      playState.preview = p;
      this.view.requestDraw();
    });
  }

  /** A choice the game waits for, or a unit's command, shown on the map while its button is
   * hovered: a retreat's path, the hex it aims at, the steps of units moving together. */
  showChoice(info: CommandInfo | null): void {
    this.marks.path = info?.path ?? [];
    this.marks.steps = info?.steps.map((x) => x.path) ?? [];
    this.marks.attack = info?.hex ?? null;
    this.view.requestDraw();
  }

  /** Drop a unit dragged from a tray at a screen point. */
  dropAt(unitId: string, clientX: number, clientY: number): void {
    const r = this.canvas.getBoundingClientRect();
    if (!this.model || clientX < r.left || clientY < r.top || clientX > r.right || clientY > r.bottom) return;
    const [wx, wy] = this.view.toWorld(clientX - r.left, clientY - r.top);
    const i = this.model.grid.hexAt(wx, wy);
    if (i < 0) return;
    const c = this.state?.board.counters.find((x) => x.id === unitId);
    if (!c) return;
    const hex = this.model.grid.name(i);
    playState.selected = c;
    this.counters.selected = c.id;
    void this.send(() => play.legal(c.id, null), (cmds) => {
      this.unitHexCommands = cmds.filter((x) => x.info.offer === "map" && x.info.hex);
      const cmd = this.unitHexCommands.find((x) => x.info.hex === hex);
      if (cmd) void this.apply(cmd.command);
      else this.deployOutside(c, hex);
    });
  }

  private listen(): void {
    const canvas = this.canvas;
    canvas.addEventListener("contextmenu", (ev) => ev.preventDefault());
    canvas.addEventListener("pointerdown", (ev) => {
      if (!this.model) return;
      canvas.focus();
      canvas.setPointerCapture(ev.pointerId);
      const at = this.view.hexAt(ev);
      const turning = ev.button === 0 && at >= 0 && (this.endFacing
        ? this.model.grid.name(at) === this.endFacing.hex
        : this.turnCommands.length > 0 && this.model.grid.name(at) === playState.selected?.hex);
      this.drag = { x: ev.clientX, y: ev.clientY, moved: false, turning };
    });
    canvas.addEventListener("pointermove", (ev) => {
      if (!this.model) return;
      const d = this.drag;
      if (d) {
        if (Math.abs(ev.clientX - d.x) + Math.abs(ev.clientY - d.y) > 4) d.moved = true;
        if (d.turning) {
          // Dragging from the unit aims it: the arrow nearest the pointer's direction.
          if (d.moved && this.marks.turns) {
            const r = canvas.getBoundingClientRect();
            const [wx, wy] = this.view.toWorld(ev.clientX - r.left, ev.clientY - r.top);
            this.marks.turns.aimed = this.turnToward(wx, wy)?.info.facing ?? null;
            this.view.requestDraw();
          }
          return;
        }
        if (d.moved) {
          this.view.panBy(ev.clientX - d.x, ev.clientY - d.y);
          d.x = ev.clientX;
          d.y = ev.clientY;
        }
        return;
      }
      this.hover(this.view.hexAt(ev));
    });
    canvas.addEventListener("pointerup", (ev) => {
      const d = this.drag;
      this.drag = null;
      if (d?.turning && d.moved) {
        const r = canvas.getBoundingClientRect();
        const [wx, wy] = this.view.toWorld(ev.clientX - r.left, ev.clientY - r.top);
        const c = this.turnToward(wx, wy);
        this.endFacing = null;
        if (c) void this.apply(c.command);
        return;
      }
      if (!d || d.moved || ev.button !== 0 || !this.model) return;
      const i = this.view.hexAt(ev);
      if (i >= 0) this.clickHex(this.model.grid.name(i), ev.shiftKey);
    });
    canvas.addEventListener("pointerleave", () => { this.marks.path = []; this.marks.fires = []; this.view.requestDraw(); });
    canvas.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const r = canvas.getBoundingClientRect();
      this.view.zoomAt(Math.exp(-ev.deltaY * 0.0015), ev.clientX - r.left, ev.clientY - r.top);
    }, { passive: false });
  }

  private sightTo = "";

  private hover(i: number): void {
    const g = this.model?.grid;
    if (!g) return;
    const name = i >= 0 ? g.name(i) : "";
    // When the selected unit may attack a hex (an attack previewed): the line of sight from it
    // to the hex hovered.
    const from = playState.selected?.hex;
    if (from && this.unitHexCommands.some((x) => x.info.preview) && name !== this.sightTo) {
      this.sightTo = name;
      if (!name || name === from) { this.marks.sight = null; playState.sight = ""; this.view.requestDraw(); }
      else {
        void this.send(() => play.sight(from, name).catch(() => null), (s) => {
          if (!s || this.sightTo !== name) return;
          this.marks.sight = { from: s.from, to: s.to, clear: s.clear };
          playState.sight = s.clear ? `Line of sight ${s.from} to ${s.to}: clear` : `Line of sight ${s.from} to ${s.to}: blocked by ${s.blocked_by}`;
          this.shell.message(playState.sight, !s.clear);
          this.view.requestDraw();
        });
      }
    }
    if (playState.together?.on) {
      // The arrows of every unit of the line moving so that the selected one ends here.
      const x = this.togetherCommands.find((y) => y.hex === name);
      this.marks.steps = x ? x.command.info.steps.map((st) => st.path) : [];
      this.view.requestDraw();
      return;
    }
    const r = playState.reach;
    if (!r) return;
    const h = r.hexes.find((x) => x.hex === name);
    this.showPath(h);
    // The passing fires the path would draw (where the rules have them), counted in the status line.
    if (h && (h.fires.length || playState.via.length)) this.shell.message(Player.pathWords(h, playState.via), h.fires.length > 0);
    this.view.requestDraw();
  }
}
