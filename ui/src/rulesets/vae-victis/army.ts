// The army builder's edits of a Vae Victis side (VV 2 Troops), as pure functions of the
// scenario file: what an added or removed element or corps writes, and where a new piece is
// placed. No run-time imports: tests/army.test.mjs loads it in Node.
//
// Invariants: ids stay unique across the scenario (a new id is the corps' id and the next
// free number); a new element or general is placed on a free hex of its side's deployment
// zone (one element a hex, VV 1), or, for a corps that arrives as a reinforcement, on its
// entry hexes (not read for play, VV 4.1); a step that finds no hex is refused, nothing
// written.

export interface VvGeneral { id: string; hex: string; facing?: string; name?: string | null }
export interface VvElement { id: string; type: string; hex: string; facing?: string; name?: string | null; formation?: string }
export interface VvCorps { id: string; name?: string | null; general: VvGeneral; elements: VvElement[] }
export interface VvSide {
  id: string; name: string;
  variant?: string; nation?: string; base_edge?: string;
  commander_in_chief?: VvGeneral | null;
  corps?: VvCorps[];
}
export interface ScenarioLike {
  sides: VvSide[];
  reinforcements?: { side: string; group?: string | null }[];
}
/** A zone as the scenario view lists it with its hexes (those of a zone's rule computed by the
 *  core): `/deployment/0/zone`, `/reinforcements/1/entry`. */
export interface ZoneLike { pointer: string; side: string | null; hexes: string[] }

/** What the core's panel reads (src/engine/vae_victis/builder.rs `BuilderInput`). */
export interface BuilderInput {
  variant: string;
  nation: string;
  commander_in_chief: boolean;
  corps: { id: string; elements: string[] }[];
}

export interface Op { op: "set"; pointer: string; value: unknown }

/** A step: the side as it would be, and the ops that write it (one undoable edit). */
export type Step = { side: VvSide; ops: Op[]; placed: string } | { error: string };

export function builderInput(side: VvSide): BuilderInput {
  return {
    variant: side.variant ?? "",
    nation: side.nation ?? "",
    commander_in_chief: !!side.commander_in_chief,
    corps: (side.corps ?? []).map((c) => ({ id: c.id, elements: c.elements.map((e) => e.type) })),
  };
}

/** Every id of the scenario's generals and elements. */
export function usedIds(file: ScenarioLike): Set<string> {
  const ids = new Set<string>();
  for (const s of file.sides) {
    if (s.commander_in_chief) ids.add(s.commander_in_chief.id);
    for (const c of s.corps ?? []) {
      ids.add(c.general.id);
      for (const e of c.elements) ids.add(e.id);
    }
  }
  return ids;
}

/** `base` itself when free, else `base-2`, `base-3`, ... */
export function freshName(base: string, used: Set<string>): string {
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** `base-1`, `base-2`, ... the first not in `used`. */
export function freshId(base: string, used: Set<string>): string {
  for (let n = 1; ; n++) {
    const id = `${base}-${n}`;
    if (!used.has(id)) return id;
  }
}

const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"];

/** The next corps id of a side: I, II, III, ... the first no corps of the scenario has. */
export function freshCorpsId(file: ScenarioLike, side: VvSide): string {
  const taken = new Set(file.sides.flatMap((s) => (s.corps ?? []).map((c) => c.id)));
  for (const r of ROMAN) if (!taken.has(r)) return r;
  return freshId(`${side.id}-corps`, taken);
}

/** The hexes where generals and elements stand, on every side (entry hexes excepted). */
function occupied(file: ScenarioLike): Set<string> {
  const held = new Set<string>();
  for (const s of file.sides) {
    const arriving = arrivingCorps(file, s.id);
    if (s.commander_in_chief) held.add(s.commander_in_chief.hex);
    for (const c of s.corps ?? []) {
      if (arriving.has(c.id)) continue;
      held.add(c.general.hex);
      for (const e of c.elements) held.add(e.hex);
    }
  }
  return held;
}

function arrivingCorps(file: ScenarioLike, side: string, zones: ZoneLike[] = []): Map<string, string[]> {
  const m = new Map<string, string[]>();
  (file.reinforcements ?? []).forEach((r, k) => {
    if (r.side !== side || !r.group) return;
    m.set(r.group, zones.filter((z) => z.pointer.startsWith(`/reinforcements/${k}/`)).flatMap((z) => z.hexes));
  });
  return m;
}

/** Where a new piece of corps `corpsId` of `side` goes: a free hex of the side's deployment
 *  zone, in the zone's order; a corps arriving as a reinforcement uses its entry hexes in
 *  turn. `null` when there is none. */
export function placeFor(file: ScenarioLike, zones: ZoneLike[], side: VvSide, corpsId: string | null): string | null {
  const entry = corpsId ? arrivingCorps(file, side.id, zones).get(corpsId) : undefined;
  if (entry?.length) {
    const corps = (side.corps ?? []).find((c) => c.id === corpsId);
    const n = corps ? corps.elements.length + 1 : 0;
    return entry[n % entry.length];
  }
  const held = occupied(file);
  for (const z of zones) {
    if (z.side !== side.id || !z.pointer.startsWith("/deployment/")) continue;
    for (const h of z.hexes) if (!held.has(h)) return h;
  }
  return null;
}

function noHex(side: VvSide): { error: string } {
  return {
    error: `No free hex left in ${side.name}'s deployment zone (one element a hex, VV 1 Unit Bases): ` +
      "widen it on the Zones tab, or move elements on the Forces tab.",
  };
}

function withFile(file: ScenarioLike, i: number, side: VvSide): ScenarioLike {
  return { ...file, sides: file.sides.map((s, k) => (k === i ? side : s)) };
}

/** Add an element of `type` to corps `j` of side `i`. */
export function addElement(file: ScenarioLike, zones: ZoneLike[], i: number, j: number, type: string): Step {
  const side = file.sides[i];
  const corps = side.corps?.[j];
  if (!corps) return { error: "Add a corps first (VV 2 Troops: an army consists of corps)." };
  const hex = placeFor(file, zones, side, corps.id);
  if (!hex) return noHex(side);
  const el: VvElement = { id: freshId(corps.id, usedIds(file)), type, hex };
  const elements = [...corps.elements, el];
  const next: VvSide = { ...side, corps: side.corps!.map((c, k) => (k === j ? { ...c, elements } : c)) };
  return { side: next, ops: [{ op: "set", pointer: `/sides/${i}/corps/${j}/elements`, value: elements }], placed: hex };
}

/** Remove the last element of `type` from corps `j` of side `i` (nothing when it has none). */
export function removeElement(file: ScenarioLike, i: number, j: number, type: string): Step {
  const side = file.sides[i];
  const corps = side.corps?.[j];
  const k = corps ? corps.elements.map((e) => e.type).lastIndexOf(type) : -1;
  if (!corps || k < 0) return { error: `Corps ${corps?.id ?? j} has no ${type} to remove.` };
  const elements = corps.elements.filter((_, n) => n !== k);
  const next: VvSide = { ...side, corps: side.corps!.map((c, n) => (n === j ? { ...c, elements } : c)) };
  return { side: next, ops: [{ op: "set", pointer: `/sides/${i}/corps/${j}/elements`, value: elements }], placed: "" };
}

/** A new corps (with its general, VV 2 "one general a corps") on side `i`; with a second
 *  corps the army gets its Commander-in-Chief too (VV 2: "If an army consists of more than one
 *  corps then a Commander-in-Chief is also required"). */
export function addCorps(file: ScenarioLike, zones: ZoneLike[], i: number): Step {
  const side = file.sides[i];
  const id = freshCorpsId(file, side);
  const used = usedIds(file);
  const ghex = placeFor(file, zones, side, id);
  if (!ghex) return noHex(side);
  const corps: VvCorps = { id, name: `${id} Corps`, general: { id: freshName(`${side.id}-${id}-general`, used), hex: ghex }, elements: [] };
  const list = [...(side.corps ?? []), corps];
  const ops: Op[] = [{ op: "set", pointer: `/sides/${i}/corps`, value: list }];
  let next: VvSide = { ...side, corps: list };
  if (list.length > 1 && !side.commander_in_chief) {
    const chex = placeFor(withFile(file, i, next), zones, next, null);
    if (!chex) return noHex(side);
    const cinc: VvGeneral = { id: freshName(`${side.id}-commander`, used), hex: chex };
    next = { ...next, commander_in_chief: cinc };
    ops.push({ op: "set", pointer: `/sides/${i}/commander_in_chief`, value: cinc });
  }
  return { side: next, ops, placed: ghex };
}

/** Remove corps `j` of side `i`, its general and elements with it. */
export function removeCorps(file: ScenarioLike, i: number, j: number): Step {
  const side = file.sides[i];
  const list = (side.corps ?? []).filter((_, k) => k !== j);
  return { side: { ...side, corps: list }, ops: [{ op: "set", pointer: `/sides/${i}/corps`, value: list }], placed: "" };
}

/** Both sides play one variant (VV: one sheet a game): the ops that set it on every side. */
export function setVariant(file: ScenarioLike, variant: string): Op[] {
  return file.sides.map((_, k) => ({ op: "set" as const, pointer: `/sides/${k}/variant`, value: variant }));
}

/** The limits `after` breaks that `before` did not (the builder refuses a step that adds one). */
export function newLimits<T extends { text: string }>(before: T[], after: T[]): T[] {
  const had = new Set(before.map((l) => l.text));
  return after.filter((l) => !had.has(l.text));
}
