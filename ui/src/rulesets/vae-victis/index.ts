// Vae Victis's own part of the UI: the scenario view's points army builder (VV 2 Troops).

import type { SystemUi } from "../panel";
import ArmyBuilder from "./ArmyBuilder.svelte";
import { KEY } from "./builder";

export const ui: SystemUi = { panels: { [KEY]: ArmyBuilder } };
