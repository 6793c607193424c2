/**
 * Strings a tenant's API server gave us (versions, node and workload names, zones, images) are
 * stored and shown: printable, bounded, never a NUL (Postgres text refuses it).
 */
const MAX = 256;

function remoteText(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, "");
  return clean.length > MAX ? clean.slice(0, MAX) : clean;
}

/** Every string in a plain JSON-like value through `remoteText` (objects and arrays copied). */
export function remoteFacts<T>(value: T): T {
  if (typeof value === "string") return remoteText(value) as T;
  if (Array.isArray(value)) return value.map(remoteFacts) as T;
  if (value && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [remoteText(k), remoteFacts(v)]),
    ) as T;
  return value;
}
