// The UI's registry of rule systems: one line per system that has panels of its own (its folder,
// ui/src/rulesets/<system>/). A system without one needs no line: every view is generic.

import type { Component } from "svelte";
import type { PanelProps, SystemUi } from "./panel";
import { ui as rifleAndSaber } from "./rifle-and-saber";
import { ui as drill } from "./drill";
import { ui as vaeVictis } from "./vae-victis";

const SYSTEMS: Record<string, SystemUi> = {
  "rifle-and-saber": rifleAndSaber,
  "vae-victis": vaeVictis,
  // Drill, the test rule system: in the test build only (its core is the feature test-ruleset).
  ...(import.meta.env.VITE_KEPI_TEST_RULESET === "1" ? { drill } : {}),
};

/** The panel `key` of the system `ruleset`, when this UI has it. */
export function panelOf(ruleset: string, key: string): Component<PanelProps> | undefined {
  return SYSTEMS[ruleset]?.panels[key];
}
