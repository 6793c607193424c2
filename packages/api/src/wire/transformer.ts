import SuperJSON from "superjson";

/**
 * The tRPC wire format: superjson (Dates survive the trip), except that superjson refuses any
 * property named `__proto__`, `constructor` or `prototype` — its prototype-pollution guard —
 * while `constructor` and `prototype` are valid Kubernetes label and annotation keys that users
 * put in their maps. Those keys are escaped with a leading NUL before superjson walks a value
 * and restored afterwards as own properties (defineProperty, never assignment), so no key can
 * reach a prototype. A key that already starts with NUL gets one more, which keeps the escape
 * reversible. Objects without such keys pass through untouched (no copy).
 */
const ESCAPE = "\u0000";
const REFUSED = new Set(["__proto__", "constructor", "prototype"]);

const escapeKey = (key: string) =>
  REFUSED.has(key) || key.startsWith(ESCAPE) ? ESCAPE + key : key;
const unescapeKey = (key: string) => (key.startsWith(ESCAPE) ? key.slice(1) : key);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Applies `rename` to every key of every plain object inside `value`, copying only what changes. */
function renameKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item: unknown, i) => {
      const next = renameKeys(item, rename);
      if (next !== item) (copy ??= value.slice())[i] = next;
    });
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  const entries = Object.entries(value);
  let changed = false;
  const renamed = entries.map(([key, item]) => {
    const [nextKey, next] = [rename(key), renameKeys(item, rename)];
    if (nextKey !== key || next !== item) changed = true;
    return [nextKey, next] as const;
  });
  if (!changed) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of renamed)
    Object.defineProperty(out, key, {
      value: item,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

export const wireTransformer = {
  serialize: (value: unknown) => SuperJSON.serialize(renameKeys(value, escapeKey)),
  deserialize: <T = unknown>(payload: Parameters<typeof SuperJSON.deserialize>[0]): T =>
    renameKeys(SuperJSON.deserialize(payload), unescapeKey) as T,
};
