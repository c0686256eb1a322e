// The painter's side panels: the map's name and description, layers, features, exits, the
// underlay and the problems. Built from the map store (store/map.ts) and rebuilt when a delta
// changes what they show; their edits go through the painter.

import { api, type Delta } from "../../ipc/commands";
import { $, el } from "../../dom";
import type { Painter } from "./painter";

export class Panels {
  constructor(private p: Painter) {}

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
    const box = $("layers");
    box.textContent = "";
    const view = this.p.view;
    for (const layer of view.layers) {
      if (!layer.label) continue;
      const c = el("input", { type: "checkbox", checked: layer.visible, id: `layer-${layer.id}` });
      c.addEventListener("change", () => {
        layer.visible = c.checked;
        view.invalidateAll();
      });
      box.append(el("label", {}, c, ` ${layer.label}`));
    }
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
    const box = $("exits");
    box.textContent = "";
    const { p } = this;
    const model = p.model;
    if (!model) return;
    if (model.exits.length === 0) box.append(el("p", { className: "later" }, "No exits: mark where roads leave the map with the Exit tool (T)."));
    for (const e of model.exits) {
      const go = el("button", { title: "show it" }, model.grid.name(e.hex));
      go.addEventListener("click", () => p.view.centerOn(e.hex));
      const del = el("button", { title: "delete this exit", className: "exit-delete" }, "Delete");
      del.addEventListener("click", () => void p.edit({ op: "exit_remove", name: e.name }));
      box.append(el("div", { className: "row exit" }, go, el("span", {}, `${e.name} (${e.edge})`), del));
    }
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
    const list = $("problems");
    list.textContent = "";
    const { p } = this;
    const model = p.model;
    if (!model) return;
    $("problem-count").textContent = model.problems.length ? `(${model.problems.length})` : "";
    if (model.problems.length === 0) {
      list.append(el("li", { className: "ok" }, "No problems: the map saves as it is."));
    }
    for (const pr of model.problems) {
      const li = el("li", { title: pr.field }, pr.text);
      li.addEventListener("click", () => {
        const i = pr.hex ? model.grid.parse(pr.hex) : -1;
        if (i >= 0) p.view.centerOn(i);
      });
      list.append(li);
    }
  }
}
