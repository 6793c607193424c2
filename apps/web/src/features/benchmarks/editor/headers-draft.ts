import type { TRequestHeader } from "@meshbench/contracts";

/** One header row as typed: a plain value, or the name of a workspace secret. */
export type HeaderRow = { name: string; kind: "value" | "secret"; value: string; secret: string };

export const EMPTY_HEADER: HeaderRow = { name: "", kind: "value", value: "", secret: "" };

export const headerRowsFrom = (headers: readonly TRequestHeader[]): HeaderRow[] =>
  headers.map((h) =>
    "secret" in h
      ? { name: h.name, kind: "secret", value: "", secret: h.secret }
      : { name: h.name, kind: "value", value: h.value, secret: "" },
  );

/** Rows with no name and nothing in them are dropped; everything else goes to the schema. */
export const headersFromRows = (rows: readonly HeaderRow[]): TRequestHeader[] =>
  rows
    .filter((r) => r.name.trim() || r.value || r.secret)
    .map((r) =>
      r.kind === "secret"
        ? { name: r.name.trim(), secret: r.secret }
        : { name: r.name.trim(), value: r.value },
    );

/** The error keys a header list shows (under `prefix`, e.g. "variants.1.requestHeaders"). */
export const headerFieldKeys = (prefix: string, count: number) => [
  prefix,
  ...Array.from({ length: count }, (_, i) =>
    ["", ".name", ".value", ".secret"].map((f) => `${prefix}.${i}${f}`),
  ).flat(),
];
