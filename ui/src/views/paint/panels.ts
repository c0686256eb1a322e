// The painter's side panels: the map's name and description, layers, features, exits, the
// underlay and the problems. Built from the map store (store/map.ts) and rebuilt when a delta
// changes what they show; their edits go through the painter. Layers, Exits and Problems are
// Svelte components fed from panel-state.svelte.ts; the others are still built with DOM calls.

import { mount } from "svelte";
import { api, type Delta } from "../../ipc/commands";
import { $, el } from "../../dom";
import ExitsPanel from "./ExitsPanel.svelte";
import LayersPanel from "./LayersPanel.svelte";
import type { Painter } from "./painter";
import { panelState } from "./panel-state.svelte";
import ProblemsPanel from "./ProblemsPanel.svelte";

export class Panels {
  constructor(private p: Painter) {
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
    mount(ExitsPanel, {
      target: $("exits"),
      props: {
        get exits() { return panelState.exits; },
        onshow: (index: number) => p.view.centerOn(index),
        ondelete: (name: string) => void p.edit({ op: "exit_remove", name }),
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
    this.buildFeatures();
    this.buildExits();
    this.buildUnderlay();
    this.buildProblems();
  }

  /** Rebuild what a delta changed. */
  changed(d: Delta): void {
    if (d.features) this.buildFeatures();
    if (d.exits) this.buildExits();
    if (d.problems) this.buildProblems();
    if (d.underlay_changed) this.buildUnderlay();
  }

  buildMapProps(): void {
    const box = $("map-props");
    box.textContent = "";
    const model = this.p.model;
    if (!model) return;
    const name = el("input", { value: model.name, id: "map-name", title: "the map's name" });
    const description = el("textarea", { value: model.description, id: "map-description", rows: 3, title: "description" });
    const apply = el("button", { id: "map-apply" }, "Apply");
    apply.addEventListener("click", () =>
      this.p.send(() => api.edit({ op: "set_name", name: name.value.trim(), description: description.value }, false), (d) => {
        if (this.p.model) this.p.model.description = description.value;
        this.p.applyDelta(d);
      }));
    const g = model.grid.spec;
    box.append(
      el("label", {}, "Name ", name),
      el("label", {}, "Description ", description),
      apply,
      el("p", { className: "later" }, `${g.columns} x ${g.rows} hexes, ${g.orientation}-topped, ${g.shove} shoved; ${model.rulesetName}; id ${model.id}`),
    );
  }

  /** A switch per layer of the map view that has a name. */
  buildLayers(): void {
    panelState.layers = this.p.view.layers
      .filter((l) => l.label)
      .map((l) => ({ id: l.id, label: l.label!, visible: l.visible }));
  }

  buildFeatures(): void {
    const box = $("features");
    box.textContent = "";
    const { p } = this;
    const model = p.model;
    if (!model) return;
    const s = p.state;
    if (s.feature && !model.features.some((f) => f.code === s.feature)) s.feature = null;
    for (const f of model.features) {
      const row = el("div", { className: "row" });
      row.classList.toggle("selected", f.code === s.feature);
      const pick = el("button", { title: "paint this feature's hexes (F)" }, f.code);
      pick.addEventListener("click", () => { p.selectFeature(f.code); this.buildFeatures(); });
      row.append(pick, el("span", {}, `${f.name || f.kind} (${f.hexes.length})`));
      box.append(row);
    }
    if (s.feature) {
      const f = model.features.find((x) => x.code === s.feature)!;
      const code = el("input", { value: f.code, id: "feature-edit-code", title: "code" });
      const name = el("input", { value: f.name, id: "feature-edit-name", title: "name" });
      const rename = el("button", { id: "feature-rename" }, "Rename");
      rename.addEventListener("click", () => {
        const c = code.value.trim();
        p.send(() => api.edit({ op: "feature_edit", code: f.code, new_code: c, name: name.value }, false), (d) => {
          s.feature = c;
          p.applyDelta(d);
        });
      });
      const del = el("button", { id: "feature-delete" }, "Delete");
      del.addEventListener("click", () => void p.edit({ op: "feature_delete", code: f.code }));
      box.append(el("div", { className: "row" }, code, name), el("div", { className: "row" }, rename, del));
    }
    const form = el("form", { id: "feature-form" });
    const code = el("input", { placeholder: "V4", id: "feature-code", title: "code: capital letters and a number" });
    const name = el("input", { placeholder: "name", id: "feature-name" });
    const add = el("button", { type: "submit", id: "feature-create" }, "New");
    form.append(code, name, add);
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      const c = code.value.trim();
      p.send(() => api.edit({ op: "feature_create", code: c, name: name.value.trim() }, false), (d) => {
        s.feature = c;
        p.applyDelta(d);
        p.setTool("feature");
      });
    });
    box.append(form);
  }

  buildExits(): void {
    const model = this.p.model;
    panelState.exits = model
      ? model.exits.map((e) => ({ name: e.name, hex: model.grid.name(e.hex), edge: e.edge, index: e.hex }))
      : [];
  }

  buildUnderlay(): void {
    const box = $("underlay");
    box.textContent = "";
    const { p } = this;
    const model = p.model;
    if (!model) return;
    const imp = el("button", { id: "underlay-import" }, "Import PNG or JPEG…");
    imp.addEventListener("click", () =>
      p.send(() => api.importUnderlay(), (d) => {
        if (!d) return;
        p.applyDelta(d);
        void p.loadUnderlayImage();
      }));
    box.append(imp);
    const u = model.underlay;
    if (!u) return;
    const fields: [keyof typeof u, string, string][] = [
      ["opacity", "Opacity", "0.05"], ["scale", "Scale", "0.001"], ["x", "X", "0.1"],
      ["y", "Y", "0.1"], ["rotation_deg", "Rotation °", "0.5"],
    ];
    for (const [key, label, step] of fields) {
      const input = el("input", {
        type: key === "opacity" ? "range" : "number", step, value: String(Number((u[key] as number).toPrecision(6))),
        min: key === "opacity" ? "0" : "", max: key === "opacity" ? "1" : "", id: `underlay-${key}`,
      });
      input.addEventListener("input", () => {
        const v = Number(input.value);
        if (Number.isFinite(v) && p.model?.underlay) {
          (p.model.underlay as unknown as Record<string, number>)[key] = v;
          p.view.requestDraw();
        }
      });
      input.addEventListener("change", () => {
        const cur = p.model?.underlay;
        if (cur) void p.edit({ op: "set_underlay", underlay: { ...cur } });
      });
      box.append(el("label", {}, label, input));
    }
    const remove = el("button", { id: "underlay-remove" }, "Remove underlay");
    remove.addEventListener("click", () => void p.edit({ op: "set_underlay", underlay: null }));
    box.append(remove, el("p", { className: "later" }, u.image));
  }

  buildProblems(): void {
    const model = this.p.model;
    panelState.problems = model ? model.problems : [];
    $("problem-count").textContent = model?.problems.length ? `(${model.problems.length})` : "";
  }
}
