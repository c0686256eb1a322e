// What the scenario view's Svelte panels show, as reactive state; the map (canvas) is drawn from
// the plain objects of scenario-editor.ts.

import type { ScenarioOpened, ScenarioView } from "../../ipc/scenario";

/** The common tabs, or the key of a panel only the scenario's rule system has (ui/src/rulesets/). */
export type Tab = "scenario" | "forces" | "zones" | "victory" | "rules" | "events" | "notes" | "check" | (string & {});

export interface Pick {
  /** What the hexes are for ("entry hexes of reinforcement 1"). */
  label: string;
  hexes: string[];
  done: (hexes: string[]) => void;
}

export const scenarioState = $state({
  opened: null as ScenarioOpened | null,
  view: null as ScenarioView | null,
  tab: "scenario" as Tab,
  /** The zone the brush paints (its JSON pointer). */
  zone: null as string | null,
  tool: "pan" as "pan" | "paint" | "erase",
  brush: 7 as 1 | 7 | 19,
  /** Hexes being picked on the map for a field. */
  pick: null as Pick | null,
  hoverHex: "",
  /** The last test's outcome in words. */
  tested: "",
  /** The last refusal or note of a panel. */
  note: "",
});
