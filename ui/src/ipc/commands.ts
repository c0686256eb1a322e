// The shell's commands and transport types (src-tauri/src/transport.rs), and nothing else: the
// UI reaches files only through these.

import { invoke } from "@tauri-apps/api/core";
import type { GridSpec } from "../map/geometry";

export interface KeyDto { key: string; name: string; color: string }
export interface Palette {
  terrain: KeyDto[];
  hexsides: KeyDto[];
  routes: KeyDto[];
  default_terrain: string;
  reference: string;
}
export interface HexsideDto { a: number; b: number; features: string[] }
export interface RouteDto { kind: string; name: string; hexes: number[] }
export interface FeatureDto { code: string; name: string; kind: string; hexes: number[] }
export interface ExitDto { name: string; hex: number; edge: string }
export interface UnderlayDto {
  image: string; x: number; y: number; scale: number; rotation_deg: number; opacity: number;
}
export interface ProblemDto { field: string; hex: string | null; message: string; text: string }
export interface StatusDto {
  path: string | null; title: string; dirty: boolean; can_undo: boolean; can_redo: boolean;
}
export interface MapView {
  id: string; name: string; description: string; ruleset: string; ruleset_name: string;
  grid: GridSpec;
  palette: Palette;
  terrain: number[];
  elevation: number[];
  hexsides: HexsideDto[];
  routes: RouteDto[];
  features: FeatureDto[];
  exits: ExitDto[];
  underlay: UnderlayDto | null;
  status: StatusDto;
  problems: ProblemDto[];
}
export interface Delta {
  cells: [number, number, number][];
  hexsides: HexsideDto[];
  routes: RouteDto[] | null;
  features: FeatureDto[] | null;
  exits: ExitDto[] | null;
  underlay_changed: boolean;
  underlay: UnderlayDto | null;
  name: string | null;
  status: StatusDto | null;
  problems: ProblemDto[] | null;
}
export interface AppInfo {
  version: string;
  recent: string[];
  shipped_maps: string | null;
  /** The rule systems a new map can be made for: [key, name], the first the default. */
  rulesets: [string, string][];
}

export interface NewMapSpec {
  name: string; columns: number; rows: number; orientation: string; shove: string; ruleset: string;
}

export type Edit =
  | { op: "paint"; hex: number; size: number; terrain: string }
  | { op: "fill"; hex: number; terrain: string }
  | { op: "elevation"; hex: number; size: number; change: "raise" | "lower" | "set"; level?: number }
  | { op: "hexside"; a: number; b: number; feature: string; on: boolean }
  | { op: "route"; kind: string; name?: string; hexes: number[] }
  | { op: "delete_routes_at"; hex: number }
  | { op: "feature_create"; code: string; name?: string }
  | { op: "feature_edit"; code: string; new_code: string; name?: string }
  | { op: "feature_delete"; code: string }
  | { op: "feature_hex"; code: string; hex: number; on: boolean }
  | { op: "erase"; hex: number; size: number }
  | { op: "exit_set"; name: string; hex: number; edge: string }
  | { op: "exit_delete"; hex: number }
  | { op: "exit_remove"; name: string }
  | { op: "set_underlay"; underlay: UnderlayDto | null }
  | { op: "set_name"; name: string; description?: string };

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
