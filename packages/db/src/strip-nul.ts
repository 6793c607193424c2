import { Prisma } from "./generated/prisma/client";

/**
 * PostgreSQL's text and jsonb cannot hold U+0000 ("invalid byte sequence for encoding UTF8:
 * 0x00", "unsupported Unicode escape sequence"): one NUL in a stored string turns the write into
 * a 500. Text from outside reaches the database on many paths — uploaded documents (a Fortio
 * label), error messages of clusters and pods, status messages, run failure reasons — so every
 * write's data is cleaned here, once, for every model. Request fields a user typed are refused
 * earlier with a 400 naming the field (api/src/http/nul-bytes.ts); this is the net under all the
 * rest. Only plain objects, arrays and strings are walked: Bytes (encrypted kubeconfigs), Dates
 * and Decimals pass untouched. Nothing is copied when there is nothing to strip.
 */
export function withoutNul<T>(value: T): T {
  if (typeof value === "string")
    return (value.includes("\u0000") ? value.replaceAll("\u0000", "") : value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item: unknown, i) => {
      const next = withoutNul(item);
      if (next !== item) (copy ??= value.slice())[i] = next;
    });
    return (copy ?? value) as T;
  }
  if (value === null || typeof value !== "object") return value;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const [nextKey, next] = [withoutNul(key), withoutNul(item)];
    if (nextKey === key && next === item) continue;
    copy ??= { ...(value as Record<string, unknown>) };
    if (nextKey !== key) delete copy[key];
    copy[nextKey] = next;
  }
  return (copy ?? value) as T;
}

// Where a write operation carries the values it stores (nested writes live inside them).
const DATA_KEYS = ["data", "create", "update"] as const;

/** The Prisma client extension that applies withoutNul to every write's data. */
export const stripNulOnWrite = Prisma.defineExtension({
  name: "strip-nul-on-write",
  query: {
    $allModels: {
      $allOperations({ args, query }) {
        if (!args || typeof args !== "object") return query(args);
        const record = args as Record<string, unknown>;
        let cleaned: Record<string, unknown> | null = null;
        for (const key of DATA_KEYS) {
          if (!(key in record)) continue;
          const next = withoutNul(record[key]);
          if (next !== record[key]) (cleaned ??= { ...record })[key] = next;
        }
        return query(cleaned ?? args);
      },
    },
  },
});
