import {
  placeholderSecretName,
  secretPlaceholder,
  type TBenchmarkDefinition,
  type TRequestHeader,
  type TResolvedHeader,
} from "@meshbench/contracts";

/** A header as any form of a definition holds it: stored, parsed, or read back from an export. */
type HeaderLike = { name: string; value?: string; secret?: string };
/** The parts of a definition (stored, input or imported) that carry request headers. */
type WithHeaders<H extends HeaderLike = HeaderLike> = {
  requestHeaders?: readonly H[];
  variants?: readonly { requestHeaders?: readonly H[] }[];
};

/**
 * The headers a variant's requests carry: the benchmark's, then the variant's — a variant's
 * header replaces the benchmark's of the same name (names compare case-insensitively), others
 * are added. Order: the benchmark's (replaced in place), then the variant's new ones.
 */
export function requestHeadersOf(
  def: Pick<TBenchmarkDefinition, "requestHeaders" | "variants">,
  variantName: string,
): TRequestHeader[] {
  const own = def.variants.find((v) => v.name === variantName)?.requestHeaders ?? [];
  const byName = new Map(own.map((h) => [h.name.toLowerCase(), h]));
  const merged = def.requestHeaders.map((h) => byName.get(h.name.toLowerCase()) ?? h);
  const inherited = new Set(def.requestHeaders.map((h) => h.name.toLowerCase()));
  return [...merged, ...own.filter((h) => !inherited.has(h.name.toLowerCase()))];
}

/** Headers as they may be shown and recorded: a secret's value is its `<secret:name>` placeholder. */
export function maskedHeaders(headers: readonly TRequestHeader[]): TResolvedHeader[] {
  return headers.map((h) =>
    "secret" in h ? { name: h.name, value: secretPlaceholder(h.secret) } : h,
  );
}

/**
 * Headers with their secrets' values, for the request only (never stored, logged or shown).
 * Throws naming the missing secret when `values` lacks one.
 */
export function openedHeaders(
  headers: readonly TRequestHeader[],
  values: ReadonlyMap<string, string>,
): TResolvedHeader[] {
  return headers.map((h) => {
    if (!("secret" in h)) return h;
    const value = values.get(h.secret);
    if (value === undefined) throw new Error(`the workspace secret "${h.secret}" is missing`);
    return { name: h.name, value };
  });
}

/** "Name: value; Name: <secret:s>" — how the environment record and the run page list them. */
export function describeHeaders(headers: readonly TRequestHeader[]): string {
  return maskedHeaders(headers)
    .map((h) => `${h.name}: ${h.value}`)
    .join("; ");
}

function mapHeaders<T extends WithHeaders>(def: T, map: (h: HeaderLike) => HeaderLike): T {
  return {
    ...def,
    ...(def.requestHeaders && { requestHeaders: def.requestHeaders.map(map) }),
    ...(def.variants && {
      variants: def.variants.map((v) =>
        v.requestHeaders ? { ...v, requestHeaders: v.requestHeaders.map(map) } : v,
      ),
    }),
  };
}

/**
 * A definition as a bundle or export carries it: every secret header becomes a plain header
 * whose value is the placeholder `<secret:name>`. Such a definition does not parse until each
 * placeholder is filled again (`fillDefinitionSecrets`), so an import must ask for them.
 */
export function maskDefinitionSecrets<T extends WithHeaders>(def: T): T {
  return mapHeaders(def, (h) =>
    h.secret !== undefined ? { name: h.name, value: secretPlaceholder(h.secret) } : h,
  );
}

/**
 * The workspace secrets a definition needs, sorted and once each: its secret headers' names and
 * the placeholders of a masked (exported) one. An import asks for these to exist.
 */
export function secretNamesOf(def: WithHeaders): string[] {
  const names = new Set<string>();
  const lists = [
    def.requestHeaders ?? [],
    ...(def.variants ?? []).map((v) => v.requestHeaders ?? []),
  ];
  for (const h of lists.flat()) {
    const name = h.secret ?? (h.value !== undefined ? placeholderSecretName(h.value) : null);
    if (name !== null) names.add(name);
  }
  return [...names].sort();
}

/**
 * A masked definition's placeholders back into secret headers, each naming the workspace secret
 * `rename[name]` (default: the same name). What an import calls once the user chose them.
 */
export function fillDefinitionSecrets<T extends WithHeaders>(
  def: T,
  rename: Readonly<Record<string, string>> = {},
): T {
  return mapHeaders(def, (h) => {
    const name = h.value !== undefined ? placeholderSecretName(h.value) : null;
    if (name === null) return h;
    return { name: h.name, secret: Object.hasOwn(rename, name) ? rename[name]! : name };
  });
}
