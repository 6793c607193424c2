import type { TBenchmarkDefinition, TDefinitionSnapshot } from "@meshbench/contracts";

/** A hash of text, hex-encoded (the caller hands in sha256: core imports no crypto). */
export type HashText = (text: string) => string;

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );
}

/** Every string under a key named `image`, anywhere in the value, sorted, once each. */
function imagesOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) imagesOf(v, out);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      if (k === "image" && typeof v === "string") out.add(v);
      else imagesOf(v, out);
    }
  return out;
}

/**
 * The snapshot a run stores of its (already resolved, defaults filled) definition: the
 * definition, the digest of each non-empty manifest bundle by path, and every image it names.
 */
export function snapshotOf(
  definition: TBenchmarkDefinition,
  sha256: HashText,
): TDefinitionSnapshot {
  const bundles: [string, string][] = [];
  if (definition.target.kind === "workload")
    bundles.push(["target.manifests", definition.target.manifests]);
  for (const v of definition.variants) bundles.push([`variants.${v.name}.manifests`, v.manifests]);
  return {
    definition,
    manifestDigests: Object.fromEntries(
      bundles.filter(([, text]) => text !== "").map(([path, text]) => [path, sha256(text)]),
    ),
    images: [...imagesOf(definition)].sort(),
  };
}

/** The snapshot's identity: the hash of its canonical JSON (key order of jsonb does not matter). */
export const snapshotDigest = (snapshot: TDefinitionSnapshot, sha256: HashText) =>
  sha256(canonicalJson(snapshot));
