// Drill's own part of the UI (the test rule system, src/engine/drill/): the scenario view's deck
// panel (Drill 2.2).

import type { SystemUi } from "../panel";
import DeckPanel from "./DeckPanel.svelte";
import { KEY } from "./deck";

export const ui: SystemUi = { panels: { [KEY]: DeckPanel } };
