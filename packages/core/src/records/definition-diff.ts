import type { TBenchmarkDefinition, TDefinitionChange } from "@meshbench/contracts";
import { canonicalJson } from "./definition-snapshot";

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** Arrays of named things (variants, extra containers) are matched by name, others by index. */
function keyed(list: Json[]): Map<string, Json> | null {
  const names = list.map((v) => (isObject(v) && typeof v.name === "string" ? v.name : null));
  if (names.some((n) => n === null) || new Set(names).size !== names.length) return null;
  return new Map(list.map((v, i) => [names[i]!, v]));
}

function walk(path: string, a: Json, b: Json, out: TDefinitionChange[]) {
  if (canonicalJson(a) === canonicalJson(b)) return;
  const at = (k: string) => (path ? `${path}.${k}` : k);
  if (isObject(a) && isObject(b)) {
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
      walk(at(k), a[k] ?? null, b[k] ?? null, out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const ka = keyed(a);
    const kb = keyed(b);
    if (ka && kb) {
      const order = (m: Map<string, Json>) => [...m.keys()].filter((k) => ka.has(k) && kb.has(k));
      if (order(ka).join("\n") !== order(kb).join("\n"))
        out.push({ path: at("#order"), before: [...ka.keys()], after: [...kb.keys()] });
      for (const k of [...new Set([...ka.keys(), ...kb.keys()])])
        walk(at(k), ka.get(k) ?? null, kb.get(k) ?? null, out);
      return;
    }
    // Scalars in a list (QPS levels, images): the list is the value that changed.
    if (a.every((v) => !isObject(v)) && b.every((v) => !isObject(v))) {
      out.push({ path, before: a, after: b });
      return;
    }
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      walk(at(String(i)), a[i] ?? null, b[i] ?? null, out);
    return;
  }
  out.push({ path, before: a, after: b });
}

/**
 * Where two definitions differ, old → new, as dotted paths (`methodology.runRule.dropWorst`,
 * `variants.istio.mesh`; variants and other named lists by name, a change of their order as
 * `<list>.#order`).
 * Absent on one side reads as null.
 */
export function definitionChanges(
  before: TBenchmarkDefinition,
  after: TBenchmarkDefinition,
): TDefinitionChange[] {
  const out: TDefinitionChange[] = [];
  walk("", before, after, out);
  return out;
}
