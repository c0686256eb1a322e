// The Library's commands (the home page): what is listed, thumbnails, opening an entry's map.

import { invoke } from "@tauri-apps/api/core";
import type { MapView } from "./commands";

export type EntryKind = "map" | "scenario";
export type Origin =
  | { kind: "shipped" } | { kind: "library" } | { kind: "pack"; id: string; name: string } | { kind: "recent" };

export interface LibraryEntry {
  key: string;
  kind: EntryKind;
  id: string;
  title: string;
  subtitle: string;
  ruleset: string;
  map: string | null;
  origin: Origin;
  shipped_id: string | null;
  path: string | null;
  problem: string | null;
}

export interface ArchivedGame {
  id: number;
  title: string;
  scenario_id: string;
  ruleset: string;
  players: string[];
  created: string;
  finished: string | null;
  winner: string | null;
}

export interface LibraryListing {
  entries: LibraryEntry[];
  recent: LibraryEntry[];
  games: ArchivedGame[];
  library_folder: string | null;
  problems: string[];
}

export const library = {
  list: () => invoke<LibraryListing>("library_list"),
  /** A PNG picture of the entry's map. */
  thumbnail: (key: string) => invoke<ArrayBuffer>("library_thumbnail", { key }),
  /** Open the entry's map in the painter (a scenario's: the map it is played on). */
  openMap: (key: string) => invoke<MapView>("open_library_map", { key }),
};
