// The scenario view's commands: open a Library scenario (or a new one on a map), edit it by JSON
// pointer ops (each one undoable step, a brush stroke one step), undo, redo, save; the pure
// helpers of its panels (formula, a rule system's own panels); its long work (a test of seeded games, a
// picture, a VASSAL module).

import { invoke } from "@tauri-apps/api/core";
import type {
  ForceRowDto, FormulaDto, RosterEdit, ScenarioOp, ScenarioOpened,
  ScenarioView,
} from "./generated";

export type {
  CatalogRowDto, ForceRowDto, FormulaDto, Roster,
  RosterColumn, RosterEdit, RosterRow, RosterSide, ScenarioOp, ScenarioOpened, ScenarioView,
  ScenarioZone,
} from "./generated";

export const scenario = {
  open: (key: string) => invoke<ScenarioOpened>("scenario_open", { key }),
  /** A new scenario on the map of the Library entry `key`. */
  create: (key: string) => invoke<ScenarioOpened>("scenario_new", { key }),
  view: () => invoke<ScenarioView>("scenario_view"),
  edit: (ops: ScenarioOp[]) => invoke<ScenarioView>("scenario_edit", { ops }),
  /** One edit of Age of Rifles' roster table (one undoable step). */
  rosterEdit: (edit: RosterEdit) => invoke<ScenarioView>("scenario_roster_edit", { edit }),
  beginStroke: () => invoke<void>("scenario_begin_stroke"),
  endStroke: () => invoke<ScenarioView>("scenario_end_stroke"),
  undo: () => invoke<ScenarioView>("scenario_undo"),
  redo: () => invoke<ScenarioView>("scenario_redo"),
  save: () => invoke<ScenarioView | null>("scenario_save"),
  saveAs: () => invoke<ScenarioView | null>("scenario_save_as"),
  close: () => invoke<void>("scenario_close"),
  formula: (text: string) => invoke<FormulaDto>("scenario_formula", { text }),
  formulaOf: (rows: ForceRowDto[]) => invoke<string>("scenario_formula_of", { rows }),
  /** A panel only the scenario's rule system has (ui/src/rulesets/), answered by that system. */
  panel: <T>(key: string, input: unknown) => invoke<T>("scenario_panel", { key, input }),
  /** Play `games` seeded games of the scenario as it is (a job); its id. */
  test: (games: number, level: string) => invoke<number>("scenario_test", { games, level }),
  exportPng: (scale: number) => invoke<string | null>("scenario_export_png", { scale }),
  exportVassal: () => invoke<number | null>("scenario_export_vassal"),
};
