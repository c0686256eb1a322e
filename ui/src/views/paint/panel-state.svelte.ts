// What the painter's Svelte panels show, as reactive state: the panels re-render when the
// painter replaces a list here (after a delta). The map store (store/map.ts) stays plain: the
// canvas view reads it on every frame and must not pay for reactivity.

import type { ProblemDto, ScaleDto, UnderlayDto } from "../../ipc/commands";
import type { KeyEntry } from "../../map/key";

/** The Map panel's fields: name, description, scale, and the grid and id in words. */
export interface MapProps {
  key: number;
  name: string;
  description: string;
  scale: ScaleDto;
  /** The rule system's own scale in words, and its name. */
  rulesetScale: string;
  rulesetName: string;
  about: string;
}

export interface LayerSwitch { id: string; label: string; visible: boolean }
export interface FeatureRow { code: string; name: string; kind: string; count: number }

export const panelState = $state({
  problems: [] as ProblemDto[],
  exits: [] as { name: string; hex: string; edge: string; index: number }[],
  layers: [] as LayerSwitch[],
  /** The Key panel's entries: what the map uses. */
  key: [] as KeyEntry[],
  features: [] as FeatureRow[],
  /** The feature the feature tool paints. */
  feature: null as string | null,
  /** `key` changes when the map is opened or saved: the fields show the map's values again. */
  map: null as MapProps | null,
  /** Whether a map is open (the Underlay panel offers an import), and its underlay. */
  open: false,
  underlay: null as (UnderlayDto & { key: number }) | null,
});
