// The scenario format's JSON Schema (made by the core from its Rust types, `kepi schema
// scenario`), read to build the forms of typed entries: victory conditions, special rules, zone
// rules, deployment constraints. A new kind the format gains shows up in the forms with no code
// here. Only what the schema says is used: kinds (`oneOf` of objects with a `kind` const),
// properties, required fields, types, enums, descriptions.

export type Schema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  description?: string;
  default?: unknown;
  minimum?: number;
};

export type Root = { $defs: Record<string, Schema> };

/** A node with its `$ref` followed. */
export function resolve(root: Root, s: Schema): Schema {
  let n = s;
  for (let k = 0; n.$ref && k < 16; k++) {
    const name = n.$ref.replace("#/$defs/", "");
    n = root.$defs[name] ?? {};
  }
  return n;
}

export function types(s: Schema): string[] {
  return s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
}

/** The kinds of a tagged union (`oneOf` of objects whose `kind` is a const), in schema order. */
export function kinds(root: Root, s: Schema): { kind: string; schema: Schema }[] | null {
  const n = resolve(root, s);
  const variants = n.oneOf ?? [];
  const out = variants
    .map((v) => resolve(root, v))
    .filter((v) => typeof v.properties?.kind?.const === "string")
    .map((v) => ({ kind: v.properties!.kind.const as string, schema: v }));
  return out.length && out.length === variants.length ? out : null;
}

/** The values of an enumeration: `enum`, or a `oneOf` of consts (each with its description). */
export function choices(root: Root, s: Schema): { value: string; description: string }[] | null {
  const n = resolve(root, s);
  if (n.enum?.length) return n.enum.map((v) => ({ value: String(v), description: "" }));
  const one = n.oneOf?.map((v) => resolve(root, v)) ?? [];
  if (one.length && one.every((v) => typeof v.const === "string")) {
    return one.map((v) => ({ value: v.const as string, description: v.description ?? "" }));
  }
  return null;
}

/** A nullable reference (`anyOf: [{$ref}, {type: null}]`): the referenced schema. */
export function nullableOf(root: Root, s: Schema): Schema | null {
  const any = s.anyOf;
  if (!any || any.length !== 2) return null;
  const other = any.find((a) => !(types(a).length === 1 && types(a)[0] === "null"));
  return other && any.some((a) => types(a).includes("null")) ? resolve(root, other) : null;
}

/** The value a new field of this schema starts with (what the format accepts where it can). */
export function initial(root: Root, s: Schema): unknown {
  const n = resolve(root, s);
  if (n.default !== undefined) return n.default;
  if (n.const !== undefined) return n.const;
  const c = choices(root, n);
  if (c) return c[0].value;
  const k = kinds(root, n);
  if (k) return initialKind(root, k[0].schema);
  if (n.anyOf) return initial(root, n.anyOf[0]);
  const t = types(n);
  if (t.includes("null")) return null;
  if (t.includes("object")) return initialKind(root, n);
  if (t.includes("array")) return [];
  if (t.includes("integer") || t.includes("number")) return Math.max(0, n.minimum ?? 0);
  if (t.includes("boolean")) return false;
  return "";
}

/** The value an optional field starts with when it is added: as `initial`, but never null. */
export function initialSome(root: Root, s: Schema): unknown {
  const n = resolve(root, s);
  const ref = nullableOf(root, n);
  if (ref) return initial(root, ref);
  const t = types(n).filter((x) => x !== "null");
  if (types(n).includes("null") && t.length) return initial(root, { ...n, type: t.length === 1 ? t[0] : t });
  return initial(root, n);
}

/** A new object of this (object) schema: its required fields. */
export function initialKind(root: Root, s: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of s.required ?? []) {
    const p = s.properties?.[name];
    if (p) out[name] = initial(root, p);
  }
  return out;
}

/** `a_field_name` as words. */
export function words(name: string): string {
  return name.replace(/_/g, " ");
}
