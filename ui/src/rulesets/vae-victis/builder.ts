// The points army builder (VV 2 Troops) as its scenario-view panel asks it of the core: the
// shell's generic `scenario_panel` command carries these types, which mirror
// src/engine/vae_victis/builder.rs (`BuilderInput`, `BuilderOutput`).

import { scenario } from "../../ipc/scenario";
import type { BuilderInput } from "./army";

export interface VariantRow { key: string; name: string; sheet: string }
export interface TypeRow {
  key: string; name: string;
  /** "infantry", "skirmishers", "cavalry" or "artillery". */
  class: string;
  cost: number;
  max_per_army: number | null;
  /** How many the army has now. */
  count: number;
}
export interface CorpsTotal { id: string; points: number; elements: number }
/** A limit: its field (relative to the side), its rule, and the sentence, which begins with the rule. */
export interface Limit { field: string; rule: string; text: string }

export interface BuilderOutput {
  variants: VariantRow[];
  /** The sheet's nations; empty: any name. */
  nations: string[];
  suggested_nations: string[];
  types: TypeRow[];
  corps: CorpsTotal[];
  corps_points: number;
  max_corps: number;
  army_points: number;
  army_elements: number;
  /** The limits broken: a step that adds one is refused. */
  limits: Limit[];
  /** What the army still lacks to be played. */
  missing: Limit[];
}

/** The panel's key, as the system lists it in `scenario_panels`. */
export const KEY = "army-builder";

export const build = (input: BuilderInput): Promise<BuilderOutput> =>
  scenario.panel<BuilderOutput>(KEY, input);
