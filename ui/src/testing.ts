// Hooks for the end-to-end tests (tests/e2e/), built only into test builds
// (VITE_KEPI_TEST_HOOKS=1, set by scripts/app-build.sh for debug builds): where a hex is on
// screen, stroke timings, the map view's state, script errors, and a promise for "every command
// answered".

import { flushSync } from "svelte";
import type { CommandQueue } from "./ipc/queue";
import type { Painter } from "./views/paint/painter";
import { play } from "./ipc/play";
import { playState } from "./views/play/play-state.svelte";
import { replayState, replayTimings } from "./views/replay/replay-state.svelte";
import type { Player } from "./views/play/player";
import type { Replayer } from "./views/replay/replayer";

declare global {
  interface Window { kepi: unknown }
}

export function install(painter: Painter, queue: CommandQueue, player: Player, replayer: Replayer): void {
  /** Script errors (the tests fail on any). */
  const errors: string[] = [];
  window.addEventListener("error", (e) => errors.push(`${e.message} at ${e.filename}:${e.lineno}`));
  window.addEventListener("unhandledrejection", (e) => errors.push(String(e.reason)));
  const view = painter.view;
  const onScreen = (wx: number, wy: number) => {
    const r = painter.canvas.getBoundingClientRect();
    const [x, y] = view.toScreen(wx, wy);
    return { x: r.left + x, y: r.top + y };
  };
  window.kepi = {
    hexPoint(name: string): { x: number; y: number } | null {
      const g = painter.model?.grid;
      const i = g ? g.parse(name) : -1;
      return g && i >= 0 ? onScreen(g.cx[i], g.cy[i]) : null;
    },
    sidePoint(a: string, b: string): { x: number; y: number } | null {
      const g = painter.model?.grid;
      if (!g) return null;
      const i = g.parse(a), j = g.parse(b);
      return onScreen((g.cx[i] + g.cx[j]) / 2, (g.cy[i] + g.cy[j]) / 2);
    },
    zoomTo(pxPerRadius: number): void { view.zoomAt(pxPerRadius / view.scale); },
    timing: painter.timing,
    errors,
    /** The map view of the view shown (painter, play or replay). */
    view: () => {
      const v = { play: player.view, replay: replayer.view }[document.body.dataset.view ?? ""] ?? view;
      const recent = v.drawTimes.slice(-100);
      return { scale: v.scale, tiles: v.tileStats, frames: v.drawTimes.length, whole: v.frames.whole, partial: v.frames.partial, complete: v.complete, drawMs: recent.reduce((a, x) => a + x, 0) / Math.max(1, recent.length) };
    },
    status: () => painter.model?.status ?? null,
    busy: () => queue.idle(),
    /** The play view: where a hex is on its canvas, the game as shown, forced faces for the
     * next command's rolls, how long the last reach took to show. */
    play: {
      hexPoint(name: string): { x: number; y: number } | null {
        const g = player.model?.grid;
        const i = g ? g.parse(name) : -1;
        if (!g || i < 0) return null;
        const r = player.canvas.getBoundingClientRect();
        const [x, y] = player.view.toScreen(g.cx[i], g.cy[i]);
        return { x: r.left + x, y: r.top + y };
      },
      view: () => playState.view,
      selected: () => playState.selected?.id ?? null,
      preview: () => playState.preview,
      /** The command the preview shown would give. */
      previewCommand: () => playState.previewCommand?.command ?? null,
      refusal: () => playState.refusal,
      /** The selected unit's move's waypoints. */
      via: () => [...playState.via],
      reachMs: () => playState.reachMs,
      /** A move's facing being chosen: its hex, the bearings offered and the one aimed. */
      endFacing: () => player.endFacing ? { hex: player.endFacing.hex, bearings: player.marks.turns?.bearings ?? [], aimed: player.marks.turns?.aimed ?? null } : null,
      /** The selected unit's line and whether "Move together" is on. */
      together: () => playState.together ? { units: [...playState.together.units], on: playState.together.on } : null,
      force(faces: number[]): void { player.forced = faces; },
      zoomTo(pxPerRadius: number): void { player.view.zoomAt(pxPerRadius / player.view.scale); },
      centerOn(hex: string): void {
        const g = player.model?.grid;
        const i = g ? g.parse(hex) : -1;
        if (!g || i < 0) return;
        const r = player.canvas.getBoundingClientRect();
        const [sx, sy] = player.view.toScreen(g.cx[i], g.cy[i]);
        player.view.panBy(r.width / 2 - sx, r.height / 2 - sy);
      },
      complete: () => player.view.complete,
      /** The shell's play commands, called directly (to compare the window with the core). */
      api: play,
    },
    /** The replay view: the position shown and its place in the line. */
    replay: {
      position: () => replayState.position,
      index: () => replayState.index,
      length: () => replayState.game?.line.length ?? -1,
      game: () => replayState.game,
      /** Whether every command of the line is described (a long line's come in pages). */
      described: () => !!replayState.game && replayState.described >= replayState.game.line.length,
      /** Scroll the move list to the k-th command (0: the start), so that its row is drawn
       * (the list draws only the rows near those in view). */
      showRow: (k: number) => replayer.reveal(k),
      /** Where the last opening's and the steps' time went (replay-state.svelte.ts). */
      timings: () => ({ ...replayTimings, steps: replayTimings.steps.slice() }),
      /** Step forward `n` positions as → does, each waited for until it is shown and the map is
       * redrawn with its counters: the positions stepped and the time taken, in ms. */
      async stepTimed(n: number): Promise<{ steps: number; ms: number; frames: number; frameMs: number; maxFrameMs: number }> {
        const frame = () => new Promise<void>((ok) => requestAnimationFrame(() => ok()));
        // The frames the window drew meanwhile (their intervals: the cost of a frame whose
        // canvas and panel changed, all of it, the browser's painting included).
        const at: number[] = [];
        let counting = true;
        const count = (t: number) => { at.push(t); if (counting) requestAnimationFrame(count); };
        requestAnimationFrame(count);
        const t0 = performance.now();
        let steps = 0;
        while (steps < n && replayState.index < replayer.length) {
          const want = replayState.index + 1;
          replayer.step(1);
          await queue.idle();
          while (replayState.position?.node !== replayState.game?.line[want - 1]?.node || !replayer.view.complete) await frame();
          steps++;
        }
        const ms = performance.now() - t0;
        counting = false;
        const gaps = at.slice(1).map((t, i) => t - at[i]);
        return {
          steps, ms, frames: at.length,
          frameMs: gaps.length ? (at[at.length - 1] - at[0]) / gaps.length : 0,
          maxFrameMs: gaps.length ? Math.max(...gaps) : 0,
        };
      },
      /** Where a step's frame goes: the mean interval (ms) of `n` frames that each only redraw
       * the map (`canvas`: the kept picture and the counters), or only move the move list's
       * current row (`panel`: the panel's update and the browser's layout and painting of it). */
      async frameCost(n: number, what: "canvas" | "panel"): Promise<{ ms: number; js: number }> {
        const at: number[] = [];
        let js = 0;
        const k0 = replayState.index;
        await new Promise<void>((done) => {
          const f = (t: number) => {
            at.push(t);
            if (at.length > n) { done(); return; }
            const t0 = performance.now();
            if (what === "canvas") replayer.view.draw();
            else { replayState.index = at.length % 2 ? k0 + 1 : k0; flushSync(); }
            js += performance.now() - t0;
            requestAnimationFrame(f);
          };
          requestAnimationFrame(f);
        });
        replayState.index = k0;
        flushSync();
        return { ms: (at[n] - at[0]) / n, js: js / n };
      },
      hexPoint(name: string): { x: number; y: number } | null {
        const g = replayer.model?.grid;
        const i = g ? g.parse(name) : -1;
        if (!g || i < 0) return null;
        const r = replayer.canvas.getBoundingClientRect();
        const [x, y] = replayer.view.toScreen(g.cx[i], g.cy[i]);
        return { x: r.left + x, y: r.top + y };
      },
      centerOn(hex: string): void {
        const g = replayer.model?.grid;
        const i = g ? g.parse(hex) : -1;
        if (!g || i < 0) return;
        const r = replayer.canvas.getBoundingClientRect();
        const [sx, sy] = replayer.view.toScreen(g.cx[i], g.cy[i]);
        replayer.view.panBy(r.width / 2 - sx, r.height / 2 - sy);
      },
    },
  };
}
