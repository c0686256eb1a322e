// What the replay view's panel shows, as reactive state (the map is drawn from replayer.ts).

import type { ReplayOpened, ReplayPosition, Shape } from "../../ipc/replay";

type Draft = { id: number; text: string; tags: string; shapes: Shape[]; tool: "arrow" | "highlight" | null; color: string };

/** The game and the position are raw state (not proxied deeply: a line has thousands of
 * commands, a position hundreds of counters, and neither is edited in place): a change is a new
 * object assigned (`replayState.game = { ...g, line }`). */
class ReplayState {
  game = $state.raw<ReplayOpened | null>(null);
  /** The position shown: 0 is the start (the root), k the position after the k-th command. */
  index = $state(0);
  position = $state.raw<ReplayPosition | null>(null);
  /** Commands of the line described so far (a long line is answered with the rows around the
   * position opened described, the rest in pages: a progress bar shows while they come). */
  described = $state(0);
  /** Why the rest of the line could not be described (a damaged record), or "". */
  describeError = $state("");
  /** In a system that hides units: the side whose view of the board is shown (null: the
   * whole board). */
  seenBy = $state<number | null>(null);
  /** Where the game was last written. */
  exported = $state("");
  /** The annotation being written: its id (0: new), text, tags, shapes, the drawing tool. */
  draft = $state<Draft | null>(null);
}

export const replayState = new ReplayState();

/** Where the time of the last opening and of the steps went (performance.now() marks, ms), read
 * by the end-to-end test's "replay figures" (not reactive). */
export const replayTimings = {
  /** The open command sent, answered, its answer shown (the panel and the map's model), the
   * first position answered, and drawn. */
  asked: 0, answered: 0, shown: 0, position: 0, drawn: 0,
  /** Each step: the position asked, answered, applied (panel updated and map redraw asked). */
  steps: [] as { asked: number; answered: number; applied: number }[],
};
