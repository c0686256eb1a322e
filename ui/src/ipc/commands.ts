// The shell's commands of the map painter, with their transport types (generated from
// src-tauri/src/transport.rs into generated.ts), and nothing else: the UI reaches files only
// through these.

import { invoke } from "@tauri-apps/api/core";
import type { AppInfo, Delta, Edit, MapView, NewMapSpec, StatusDto } from "./generated";

export type {
  AppInfo, Delta, Edit, ExitDto, FeatureDto, HexsideDto, KeyDto, MapView, NewMapSpec, Palette,
  ProblemDto, RouteDto, ScaleDto, StatusDto, UnderlayDto,
} from "./generated";

export const api = {
  appInfo: () => invoke<AppInfo>("app_info"),
  newMap: (spec: NewMapSpec) => invoke<MapView>("new_map", { spec }),
  openMap: () => invoke<MapView | null>("open_map"),
  openRecent: (path: string) => invoke<MapView>("open_recent", { path }),
  recentFiles: () => invoke<string[]>("recent_files"),
  mapView: () => invoke<MapView>("map_view"),
  save: () => invoke<StatusDto | null>("save_map"),
  saveAs: () => invoke<StatusDto | null>("save_map_as"),
  beginStroke: () => invoke<void>("begin_stroke"),
  endStroke: () => invoke<Delta>("end_stroke"),
  edit: (edit: Edit, inStroke: boolean) => invoke<Delta>("edit", { edit, inStroke }),
  undo: () => invoke<Delta>("undo"),
  redo: () => invoke<Delta>("redo"),
  importUnderlay: () => invoke<Delta | null>("import_underlay"),
  underlayImage: () => invoke<ArrayBuffer>("underlay_image"),
  exportPng: (scale: number) => invoke<string | null>("export_png", { scale }),
  closeWindow: (discard: boolean) => invoke<boolean>("close_window", { discard }),
};
