// The painter's side panels: the map's name and description, layers, features, exits, the
// underlay and the problems. Built from the map store (store/map.ts) and rebuilt when a delta
// changes what they show; their edits go through the painter. Each panel is a Svelte component
// fed from panel-state.svelte.ts.

import { mount } from "svelte";
import { api, type Delta, type ScaleDto } from "../../ipc/commands";
import { $ } from "../../dom";
import ExitsPanel from "./ExitsPanel.svelte";
import FeaturesPanel from "./FeaturesPanel.svelte";
import KeyPanel from "./KeyPanel.svelte";
import { drawSwatch, keyEntries, type KeyEntry } from "../../map/key";
import LayersPanel from "./LayersPanel.svelte";
import MapPanel from "./MapPanel.svelte";
import type { Painter } from "./painter";
import { panelState } from "./panel-state.svelte";
import ProblemsPanel from "./ProblemsPanel.svelte";
import UnderlayPanel from "./UnderlayPanel.svelte";

export class Panels {
  private opened = 0;

  constructor(private p: Painter) {
    mount(MapPanel, {
      target: $("map-props"),
      props: {
        get map() { return panelState.map; },
        onapply: (name: string, description: string) =>
          p.send(() => api.edit({ op: "set_name", name, description }, false), (d) => {
            if (p.model) p.model.description = description;
            p.applyDelta(d);
          }),
        onscale: (perHex: number, unit: ScaleDto["unit"]) => {
          if (!Number.isInteger(perHex) || perHex < 1) {
            p.message("a hex stands for a whole number of units, at least 1", true);
            return;
          }
          void p.edit({ op: "set_scale", per_hex: perHex, unit }, (d) => {
            if (d.scale) p.message(`scale: ${d.scale.text}`);
          });
        },
      },
    });
    mount(FeaturesPanel, {
      target: $("features"),
      props: {
        get features() { return panelState.features; },
        get selected() { return panelState.feature; },
        onpick: (code: string) => { p.selectFeature(code); this.buildFeatures(); },
        onrename: (code: string, newCode: string, name: string) =>
          p.send(() => api.edit({ op: "feature_edit", code, new_code: newCode, name }, false), (d) => {
            p.state.feature = newCode;
            p.applyDelta(d);
          }),
        ondelete: (code: string) => void p.edit({ op: "feature_delete", code }),
        oncreate: (code: string, name: string) =>
          p.send(() => api.edit({ op: "feature_create", code, name }, false), (d) => {
            p.state.feature = code;
            p.applyDelta(d);
            p.setTool("feature");
            this.buildFeatures();
          }),
      },
    });
    mount(LayersPanel, {
      target: $("layers"),
      props: {
        get layers() { return panelState.layers; },
        ontoggle: (id: string, on: boolean) => {
          const layer = p.view.layer(id);
          if (!layer) return;
          layer.visible = on;
          p.view.invalidateAll();
          this.buildLayers();
        },
      },
    });
    mount(KeyPanel, {
      target: $("map-key"),
      props: {
        get entries() { return panelState.key; },
        draw: (canvas: HTMLCanvasElement, e: KeyEntry) => { if (p.model) drawSwatch(canvas, p.model, e, 28); },
      },
    });
    mount(ExitsPanel, {
      target: $("exits"),
      props: {
        get exits() { return panelState.exits; },
        onshow: (index: number) => p.view.centerOn(index),
        ondelete: (name: string) => void p.edit({ op: "exit_remove", name }),
      },
    });
    mount(UnderlayPanel, {
      target: $("underlay"),
      props: {
        get open() { return panelState.open; },
        get underlay() { return panelState.underlay; },
        onimport: () =>
          p.send(() => api.importUnderlay(), (d) => {
            if (!d) return;
            p.applyDelta(d);
            void p.loadUnderlayImage();
          }),
        // While a field moves: drawn from the map store; when it is let go: set in the map.
        onmove: (field: "opacity" | "scale" | "x" | "y" | "rotation_deg", v: number) => {
          const u = p.model?.underlay;
          if (!u) return;
          u[field] = v;
          p.view.requestDraw();
        },
        onset: () => {
          const u = p.model?.underlay;
          if (u) void p.edit({ op: "set_underlay", underlay: { ...u } });
        },
        onremove: () => void p.edit({ op: "set_underlay", underlay: null }),
      },
    });
    mount(ProblemsPanel, {
      target: $("problems"),
      props: {
        get problems() { return panelState.problems; },
        onshow: (hex: string) => {
          const i = p.model?.grid.parse(hex) ?? -1;
          if (i >= 0) p.view.centerOn(i);
        },
      },
    });
  }

  buildAll(): void {
    this.buildMapProps();
    this.buildLayers();
    this.buildKey();
    this.buildFeatures();
    this.buildExits();
    this.buildUnderlay();
    this.buildProblems();
  }

  /** Rebuild what a delta changed. */
  changed(d: Delta): void {
    if (d.cells.length || d.hexsides.length || d.routes) this.buildKey();
    if (d.features) this.buildFeatures();
    if (d.exits) this.buildExits();
    if (d.problems) this.buildProblems();
    if (d.underlay_changed) this.buildUnderlay();
    if (d.scale) this.buildMapProps();
  }

  buildMapProps(): void {
    const model = this.p.model;
    if (!model) { panelState.map = null; return; }
    const g = model.grid.spec;
    panelState.map = {
      key: ++this.opened, name: model.name, description: model.description,
      scale: model.scale, rulesetScale: model.rulesetScale, rulesetName: model.rulesetName,
      about: `${g.columns} x ${g.rows} hexes, ${g.orientation}-topped, ${g.shove} shoved; ${model.rulesetName}; id ${model.id}`,
    };
  }

  /** A switch per layer of the map view that has a name. */
  /** The Key panel's entries, replaced only when what the map uses changed. */
  buildKey(): void {
    const next = this.p.model ? keyEntries(this.p.model) : [];
    if (JSON.stringify(next) !== JSON.stringify(panelState.key)) panelState.key = next;
  }

  buildLayers(): void {
    panelState.layers = this.p.view.layers
      .filter((l) => l.label)
      .map((l) => ({ id: l.id, label: l.label!, visible: l.visible }));
  }

  buildFeatures(): void {
    const { p } = this;
    const model = p.model;
    const s = p.state;
    if (model && s.feature && !model.features.some((f) => f.code === s.feature)) s.feature = null;
    panelState.features = model
      ? model.features.map((f) => ({ code: f.code, name: f.name, kind: f.kind, count: f.hexes.length }))
      : [];
    panelState.feature = s.feature;
  }

  buildExits(): void {
    const model = this.p.model;
    panelState.exits = model
      ? model.exits.map((e) => ({ name: e.name, hex: model.grid.name(e.hex), edge: e.edge, index: e.hex }))
      : [];
  }

  buildUnderlay(): void {
    const model = this.p.model;
    panelState.open = !!model;
    panelState.underlay = model?.underlay ? { ...model.underlay, key: ++this.opened } : null;
  }

  buildProblems(): void {
    const model = this.p.model;
    panelState.problems = model ? model.problems : [];
    $("problem-count").textContent = model?.problems.length ? `(${model.problems.length})` : "";
  }
}
