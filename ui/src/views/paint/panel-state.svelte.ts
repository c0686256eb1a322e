// What the painter's Svelte panels show, as reactive state: the panels re-render when the
// painter replaces a list here (after a delta). The map store (store/map.ts) stays plain: the
// canvas view reads it on every frame and must not pay for reactivity.

import type { ProblemDto, UnderlayDto } from "../../ipc/commands";

export interface LayerSwitch { id: string; label: string; visible: boolean }
export interface FeatureRow { code: string; name: string; kind: string; count: number }

export const panelState = $state({
  problems: [] as ProblemDto[],
  exits: [] as { name: string; hex: string; edge: string; index: number }[],
  layers: [] as LayerSwitch[],
  features: [] as FeatureRow[],
  /** The feature the feature tool paints. */
  feature: null as string | null,
  /** `key` changes when the map is opened or saved: the fields show the map's values again. */
  map: null as { key: number; name: string; description: string; about: string } | null,
  /** Whether a map is open (the Underlay panel offers an import), and its underlay. */
  open: false,
  underlay: null as (UnderlayDto & { key: number }) | null,
});
