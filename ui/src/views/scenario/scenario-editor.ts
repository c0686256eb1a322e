// The scenario view: a scenario being edited on its map. The map shows the zones in their sides'
// colours and the problem hexes; dragging with the zone brush paints the zone chosen in the
// panel (a stroke is one undoable step); a field that wants hexes (entry hexes, a target) takes
// them from clicks on the map. The file is the core's: every change is an op sent to the shell,
// which answers the scenario as it now is, validated. The view holds no rules.

import type { CommandQueue } from "../../ipc/queue";
import { scenario, type RosterEdit, type ScenarioOp, type ScenarioOpened, type ScenarioView } from "../../ipc/scenario";
import { ProblemsLayer } from "../../map/layers/problems";
import { ZonesLayer } from "../../map/layers/zones";
import { MapCanvas } from "../../map/view";
import { MapModel } from "../../store/map";
import { $ } from "../../dom";
import { scenarioState as s } from "./scenario-state.svelte";

export interface Host {
  queue: CommandQueue;
  message(text: string, warn?: boolean): void;
}

export class ScenarioEditor {
  readonly view: MapCanvas;
  readonly zones = new ZonesLayer();
  model: MapModel | null = null;
  /** The hex under the pointer (for the status bar and the brush). */
  hover = -1;
  private stroke: { last: string } | null = null;
  /** The problems the status line last counted (null: none counted yet for this scenario). */
  private problemsSaid: number | null = null;

  constructor(private host: Host, readonly canvas: HTMLCanvasElement) {
    this.view = new MapCanvas(canvas);
    this.view.addLayer(this.zones);
    this.view.addLayer(new ProblemsLayer());
    canvas.addEventListener("wheel", (ev) => {
      ev.preventDefault();
      const r = canvas.getBoundingClientRect();
      this.view.zoomAt(Math.exp(-ev.deltaY * 0.0015), ev.clientX - r.left, ev.clientY - r.top);
    }, { passive: false });
    let drag: { x: number; y: number; moved: boolean } | null = null;
    canvas.addEventListener("pointerdown", (ev) => {
      canvas.setPointerCapture(ev.pointerId);
      canvas.focus();
      if (this.painting() && ev.button === 0) {
        const hex = this.hexName(ev);
        if (hex) this.beginStroke(hex);
        return;
      }
      drag = { x: ev.clientX, y: ev.clientY, moved: false };
    });
    canvas.addEventListener("pointermove", (ev) => {
      if (this.stroke) {
        const hex = this.hexName(ev);
        if (hex && hex !== this.stroke.last) this.dab(hex);
        return;
      }
      const i = this.model ? this.view.hexAt(ev) : -1;
      if (i !== this.hover) {
        this.hover = i;
        s.hoverHex = i >= 0 && this.model ? this.model.grid.name(i) : "";
        $("st-hex").textContent = s.hoverHex;
      }
      if (!drag) return;
      if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 4) drag.moved = true;
      if (!drag.moved) return;
      this.view.panBy(ev.clientX - drag.x, ev.clientY - drag.y);
      drag = { x: ev.clientX, y: ev.clientY, moved: true };
    });
    canvas.addEventListener("pointerup", (ev) => {
      if (this.stroke) { this.endStroke(); return; }
      const d = drag;
      drag = null;
      if (!d || d.moved) return;
      const hex = this.hexName(ev);
      if (hex) this.clickHex(hex);
    });
  }

  private hexName(ev: MouseEvent): string | null {
    if (!this.model) return null;
    const i = this.view.hexAt(ev);
    return i >= 0 ? this.model.grid.name(i) : null;
  }

  /** The zone brush is on and a zone is chosen. */
  painting(): boolean {
    return (s.tool === "paint" || s.tool === "erase") && !!s.zone && !s.pick;
  }

  open(o: ScenarioOpened): void {
    this.model = new MapModel(o.map);
    this.view.resize();
    this.view.setModel(this.model);
    this.view.fit();
    s.opened = o;
    // Another scenario opens on its first tab: the tab left open may be a panel its system
    // does not have.
    s.tab = "scenario";
    s.zone = null;
    s.pick = null;
    s.tool = "pan";
    s.tested = "";
    // The status line counts this scenario's problems when it opens (main.ts).
    this.problemsSaid = null;
    this.show(o.view);
  }

  close(): void {
    this.model = null;
    this.view.setModel(null);
    s.opened = null;
    s.view = null;
    s.zone = null;
    s.pick = null;
  }

  /** Show the scenario as the shell answered it. */
  show(v: ScenarioView): void {
    s.view = v;
    // Whenever the count of problems changes, the status line says it again: the count said
    // when the scenario opened would otherwise stay after they are fixed.
    const count = v.problems.length;
    if (this.problemsSaid !== null && count !== this.problemsSaid) {
      this.host.message(`${v.file.title}: ${count ? `${count} problem(s) to fix` : "valid"}.`);
    }
    this.problemsSaid = count;
    $("doc-title").textContent = `${v.file.title}${v.dirty ? " •" : ""} · scenario`;
    // The toolbar's Undo and Redo act on the scenario here (main.ts), so they show its history,
    // not the painter's.
    $<HTMLButtonElement>("btn-undo").disabled = !v.can_undo;
    $<HTMLButtonElement>("btn-redo").disabled = !v.can_redo;
    const ids: string[] = (v.file.sides ?? []).map((x: { id: string }) => x.id);
    this.zones.zones = v.zones.map((z) => ({
      pointer: z.pointer,
      color: v.side_colors[Math.max(0, ids.indexOf(z.side ?? ""))] ?? "#888888",
      hexes: z.hexes,
    }));
    if (s.zone && !v.zones.some((z) => z.pointer === s.zone)) s.zone = null;
    this.zones.selected = s.zone;
    if (this.model) {
      this.model.problemHexes = new Set(
        v.problems.map((p) => (p.hex ? this.model!.grid.parse(p.hex) : -1)).filter((i) => i >= 0),
      );
    }
    this.view.requestDraw();
  }

  /** Choose the zone the brush paints (null: none, every zone shown). */
  selectZone(pointer: string | null): void {
    s.zone = pointer;
    this.zones.selected = pointer;
    if (pointer && s.tool === "pan") s.tool = "paint";
    this.view.requestDraw();
  }

  /** Send ops as one undoable step; `then` gets the new view. */
  edit(ops: ScenarioOp[], then?: (v: ScenarioView) => void): Promise<void> {
    return this.host.queue.send(() => scenario.edit(ops), (v) => { this.show(v); then?.(v); });
  }

  set(pointer: string, value: unknown): Promise<void> {
    return this.edit([{ op: "set", pointer, value }]);
  }

  /** One edit of Age of Rifles' roster table, as one undoable step (the core makes the ops). */
  roster(edit: RosterEdit): Promise<void> {
    return this.host.queue.send(() => scenario.rosterEdit(edit), (v) => this.show(v));
  }

  private dabOp(hex: string): ScenarioOp {
    return { op: "paint_zone", zone: s.zone!, hex, brush: s.brush, add: s.tool === "paint" };
  }

  private beginStroke(hex: string): void {
    this.stroke = { last: hex };
    void this.host.queue.send(() => scenario.beginStroke());
    this.dab(hex);
  }

  private dab(hex: string): void {
    if (!this.stroke) return;
    this.stroke.last = hex;
    // Drawn at once, in this frame (the brush's footprint is geometry, not a rule); the
    // shell's answer then replaces the zone with what the core made of it.
    const z = this.zones.zones.find((x) => x.pointer === s.zone);
    const g = this.model?.grid;
    if (z && g) {
      const radius = s.brush === 19 ? 2 : s.brush === 7 ? 1 : 0;
      const names = g.within(g.parse(hex), radius).map((i) => g.name(i));
      const have = new Set(z.hexes);
      for (const n of names) if (s.tool === "paint") have.add(n); else have.delete(n);
      z.hexes = [...have];
      this.view.requestDraw();
    }
    const op = this.dabOp(hex);
    void this.host.queue.send(() => scenario.edit([op]), (v) => this.show(v), true);
  }

  private endStroke(): void {
    this.stroke = null;
    void this.host.queue.send(() => scenario.endStroke(), (v) => this.show(v));
  }

  /** A click on the map: a hex for the field picking hexes, if one is. */
  clickHex(hex: string): void {
    const p = s.pick;
    if (!p) return;
    p.hexes = p.hexes.includes(hex) ? p.hexes.filter((h) => h !== hex) : [...p.hexes, hex];
    this.zones.picked = p.hexes;
    this.view.requestDraw();
  }

  /** Start picking hexes on the map for a field; `done` gets them when the pick is finished. */
  startPick(label: string, hexes: string[], done: (hexes: string[]) => void): void {
    s.pick = { label, hexes: [...hexes], done };
    this.zones.picked = s.pick.hexes;
    this.view.requestDraw();
  }

  finishPick(keep: boolean): void {
    const p = s.pick;
    s.pick = null;
    this.zones.picked = [];
    this.view.requestDraw();
    if (p && keep) p.done(p.hexes);
  }

  undo(): void {
    void this.host.queue.send(() => scenario.undo(), (v) => this.show(v));
  }

  redo(): void {
    void this.host.queue.send(() => scenario.redo(), (v) => this.show(v));
  }

  /** Save (asking where when the scenario has no file yet); `then` runs once it is saved. */
  save(then?: () => void): void {
    void this.host.queue.send(() => scenario.save(), (v) => {
      if (v) { this.show(v); this.host.message(`Saved ${v.path}`); then?.(); return; }
      this.saveAs(then);
    });
  }

  saveAs(then?: () => void): void {
    void this.host.queue.send(() => scenario.saveAs(), (v) => {
      if (!v) return;
      this.show(v);
      this.host.message(`Saved ${v.path}`);
      then?.();
    });
  }
}
