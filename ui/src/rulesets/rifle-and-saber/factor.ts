// Rifle & Saber's creation method (R&S 11.18) as its scenario-view panel asks it of the core:
// the shell's generic `scenario_panel` command carries these two types, which mirror
// src/engine/rifle_and_saber/factor/panel.rs (`FactorInput`, `FactorOutput`).

import { scenario } from "../../ipc/scenario";

/** Per side its name and strengths as `kepi factor` reads them (`1200 MZ, 12 MA`). */
export interface FactorInput {
  sides: [string, string][];
  men_per_unit: number;
  guns_per_unit: number;
  /** "1", "1/3", "2/3", "0.5". */
  scale: string;
  /** The battle's duration in hours; empty for none. */
  hours: string;
}

export interface FactorEntry {
  side: string;
  group: string | null;
  code: string;
  amount: number;
  /** "men" or "guns". */
  counted_in: string;
  exact: string;
  exact_value: number;
  rounded: number;
}

export interface FactorOutput {
  /** Each side's order of battle, in input order. */
  oobs: string[];
  entries: FactorEntry[];
  worst_ratio_error: string;
  worst_ratio_value: number;
  side_ratio: string | null;
  game_length: number | null;
  game_length_note: string | null;
  warnings: string[];
}

/** The panel's key, as the system lists it in `scenario_panels`. */
export const KEY = "factor";

export const factor = (input: FactorInput): Promise<FactorOutput> =>
  scenario.panel<FactorOutput>(KEY, input);
