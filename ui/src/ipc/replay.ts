// The replay view's commands: open a game of the archive for review, the position at a node.

import { invoke } from "@tauri-apps/api/core";
import type { ReplayOpened, ReplayPosition } from "./generated";

export type { LineEntry, ReplayOpened, ReplayPosition } from "./generated";

export const replay = {
  open: (game: number) => invoke<ReplayOpened>("replay_open", { game }),
  at: (node: number) => invoke<ReplayPosition>("replay_at", { node }),
};
