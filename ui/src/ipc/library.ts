// The Library's commands (the home page): what is listed, thumbnails, opening an entry's map.

import { invoke } from "@tauri-apps/api/core";
import type { GamesPage, GamesQuery, LibraryListing, MapView } from "./generated";

export type { ArchivedGame, EntryKind, GamesPage, GamesQuery, ImportedPack, LibraryEntry, LibraryListing, Origin } from "./generated";

export const library = {
  list: () => invoke<LibraryListing>("library_list"),
  /** A page of the archive's games, sorted and filtered over the whole archive by the core. */
  games: (query: GamesQuery) => invoke<GamesPage>("library_games", { query }),
  /** A PNG picture of the entry's map. */
  thumbnail: (key: string) => invoke<ArrayBuffer>("library_thumbnail", { key }),
  /** Open the entry's map in the painter (a scenario's: the map it is played on). */
  openMap: (key: string) => invoke<MapView>("open_library_map", { key }),
};
