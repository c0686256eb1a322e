// What a rule system's own folder of the UI (ui/src/rulesets/<system>/) gives the views: its
// scenario-view panels, by the keys its core lists in `Ruleset::scenario_panels`. The views show
// a system's panel only for that system's scenarios, and know nothing of what is in it.

import type { Component } from "svelte";
import type { ScenarioEditor } from "../views/scenario/scenario-editor";

/** Every panel is given the scenario view's editor (its edits are undoable ops). */
export interface PanelProps { editor: ScenarioEditor }

export interface SystemUi {
  /** Its scenario-view panels, by key. */
  panels: Record<string, Component<PanelProps>>;
}
