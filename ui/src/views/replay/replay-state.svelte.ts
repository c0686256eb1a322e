// What the replay view's panel shows, as reactive state (the map is drawn from replayer.ts).

import type { ReplayOpened, ReplayPosition } from "../../ipc/replay";

export const replayState = $state({
  game: null as ReplayOpened | null,
  /** The position shown: 0 is the start (the root), k the position after the k-th command. */
  index: 0,
  position: null as ReplayPosition | null,
});
