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
