// Drill's deck panel as it asks the core (src/engine/drill/section.rs, `deck_panel`): each side's
// activation cards a game-turn (Drill 2.2), answered with the deck in order and each side's
// chance of the first draw.

import { scenario } from "../../ipc/scenario";

export interface DeckInput {
  sides: { name: string; cards: number }[];
}

export interface DeckOutput {
  deck: string[];
  sides: { side: string; cards: number; first_draw: number }[];
  case: string;
}

/** The panel's key, as Drill lists it in `scenario_panels`. */
export const KEY = "deck";

export const deck = (input: DeckInput): Promise<DeckOutput> => scenario.panel<DeckOutput>(KEY, input);

/** The facings a Drill unit may deploy in: the hexsides of a flat-topped grid (Drill 3.1; Drill's
 * maps are flat-topped, and the core refuses a vertex at the start, naming the side). */
export const HEXSIDE_FACINGS = ["N", "ENE", "ESE", "S", "WSW", "WNW"];

