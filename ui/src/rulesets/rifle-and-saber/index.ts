// Rifle & Saber's own part of the UI: the scenario view's 11.18 panel (R&S 11.18).

import type { SystemUi } from "../panel";
import FactorPanel from "./FactorPanel.svelte";
import { KEY } from "./factor";

export const ui: SystemUi = { panels: { [KEY]: FactorPanel } };
