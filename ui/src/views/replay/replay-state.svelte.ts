// What the replay view's panel shows, as reactive state (the map is drawn from replayer.ts).

import type { ReplayOpened, ReplayPosition, Shape } from "../../ipc/replay";

export const replayState = $state({
  game: null as ReplayOpened | null,
  /** The position shown: 0 is the start (the root), k the position after the k-th command. */
  index: 0,
  position: null as ReplayPosition | null,
  /** Where the game was last written. */
  exported: "",
  /** The annotation being written: its id (0: new), text, tags, shapes, the drawing tool. */
  draft: null as { id: number; text: string; tags: string; shapes: Shape[]; tool: "arrow" | "highlight" | null; color: string } | null,
});

/** Where the time of the last opening and of the steps went (performance.now() marks, ms), read
 * by the end-to-end test's "replay figures" (not reactive). */
export const replayTimings = {
  /** The open command sent, answered, its answer shown (the panel and the map's model), the
   * first position answered, and drawn. */
  asked: 0, answered: 0, shown: 0, position: 0, drawn: 0,
  /** Each step: the position asked, answered, applied (panel updated and map redraw asked). */
  steps: [] as { asked: number; answered: number; applied: number }[],
};
