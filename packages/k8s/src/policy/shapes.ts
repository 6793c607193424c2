/** Reading untyped YAML safely: every accessor tolerates any shape. */
export type Obj = Record<string, unknown>;

export function asObj(v: unknown): Obj | null {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : null;
}

export function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function asObjects(v: unknown): Obj[] {
  return asList(v)
    .map(asObj)
    .filter((o): o is Obj => o !== null);
}

/** A string map (labels, annotations); non-string values are kept as their JSON text. */
export function asStringMap(v: unknown): Record<string, string> {
  const o = asObj(v);
  if (!o) return {};
  return Object.fromEntries(
    Object.entries(o).map(([k, x]) => [k, typeof x === "string" ? x : JSON.stringify(x)]),
  );
}

/** A value that is set: not absent, null, false, 0 or "". */
export function isSet(v: unknown): boolean {
  return v !== undefined && v !== null && v !== false && v !== 0 && v !== "";
}

export const quote = (s: unknown) => JSON.stringify(s);
