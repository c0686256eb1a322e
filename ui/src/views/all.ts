// The views other than the Library (the painter, the play, replay and scenario views), in a
// chunk of their own: main.ts loads it once the Library's first cards are drawn, so the launch
// evaluates only what the Library needs (docs/app.md, "Speed").

export { Painter } from "./paint/painter";
export { Player } from "./play/player";
export { default as PlaySide } from "./play/PlaySide.svelte";
export { Replayer, replayKey, replayShortcuts } from "./replay/replayer";
export { default as ReplaySide } from "./replay/ReplaySide.svelte";
export { ScenarioEditor } from "./scenario/scenario-editor";
export { default as ScenarioSide } from "./scenario/ScenarioSide.svelte";
export { install as installTestHooks } from "../testing";
export { installScenarioHooks } from "../testing-scenario";
