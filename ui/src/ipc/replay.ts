// The replay view's commands: open a game of the archive for review, the position at a node.

import { invoke } from "@tauri-apps/api/core";
import type { Annotation, LineEntry, ReplayOpened, ReplayPosition, SearchHit, SearchSpec } from "./generated";

export type { Annotation, LineEntry, ReplayOpened, ReplayPosition, SearchHit, SearchSpec, Shape, Variation } from "./generated";

export const replay = {
  open: (game: number) => invoke<ReplayOpened>("replay_open", { game }),
  /** The position at a node: the whole board, or (`seenBy`, a side's index) as that side saw
   * it in a system that hides units. */
  at: (node: number, seenBy: number | null = null) => invoke<ReplayPosition>("replay_at", seenBy === null ? { node } : { node, seenBy }),
  /** Commands `from .. from + count` of the line open (ending at `tip`), described: the rest
   * of a long line after its first picture (at most 500 a page). */
  moves: (tip: number, from: number, count: number) => invoke<LineEntry[]>("replay_moves", { tip, from, count }),
  /** The line through a node (a variation). */
  line: (game: number, node: number) => invoke<ReplayOpened>("replay_line", { game, node }),
  /** Play the node's command again with its roll number `roll` forced to `face`. */
  whatIf: (node: number, roll: number, face: number) => invoke<ReplayOpened>("replay_what_if", { node, roll, face }),
  /** "Replay under today's rules": a line shown as recorded played again under today's rules
   * from where they part from the record, as a new variation. */
  underToday: (node: number) => invoke<ReplayOpened>("replay_under_today", { node }),
  promote: (node: number) => invoke<ReplayOpened>("replay_promote", { node }),
  rename: (node: number, name: string) => invoke<ReplayOpened>("replay_rename", { node, name }),
  delete: (node: number) => invoke<ReplayOpened>("replay_delete", { node }),
  /** Add (id 0) or edit an annotation of a node: the node's annotations after it. */
  annotate: (node: number, annotation: Annotation) => invoke<Annotation[]>("replay_annotate", { node, annotation }),
  /** The archive's games and annotations matching words (as prefixes) and filters. */
  search: (spec: SearchSpec) => invoke<SearchHit[]>("archive_search", { spec }),
  /** Write a game with its variations, dice and annotations (the save dialog): the path. */
  exportGame: (game: number) => invoke<string | null>("game_export", { game }),
  deleteAnnotation: (node: number, id: number) => invoke<Annotation[]>("replay_delete_annotation", { node, id }),
};
