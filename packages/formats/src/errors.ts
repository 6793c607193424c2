/**
 * Why an input was rejected, pointing at the offending field:
 * `DurationHistogram.Data[3].Count: must be a non-negative integer`.
 * `field` is a dotted path into the input ("(root)" for the whole document); messages never
 * quote payloads or credentials.
 */
export class ImportError extends Error {
  override name = "ImportError";

  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
  }
}

/**
 * Limits on what an import will even look at. Real results are far below them (a Fortio result
 * is ~5 KB with < 60 buckets; Nighthawk's spectra ~100 entries); anything near them is either
 * not a result or an attempt to exhaust the server.
 */
export const IMPORT_LIMITS = {
  maxInputBytes: 20 * 1024 * 1024,
  maxBuckets: 100_000,
  maxRetCodes: 1_000,
  maxConnections: 1_000_000,
  /** A week: no benchmark trial runs longer, and no request takes longer. */
  maxDurationSeconds: 7 * 24 * 3600,
  maxLatencySeconds: 7 * 24 * 3600,
  maxQps: 1e9,
} as const;

export const ROOT = "(root)";

/** Rejects oversized input before parsing it. Counts UTF-8 bytes without encoding the whole text. */
export function checkInputSize(text: string) {
  const max = IMPORT_LIMITS.maxInputBytes;
  if (text.length > max) throw new ImportError(ROOT, `input is larger than ${max} bytes`);
  if (text.length * 3 > max && new TextEncoder().encode(text).length > max) {
    throw new ImportError(ROOT, `input is larger than ${max} bytes`);
  }
}

/** Quotes a value for an error message, short and without control characters. */
export function preview(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : String(value);
  const clean = [...text]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f ? "?" : ch))
    .join("");
  return clean.length > 40 ? `${clean.slice(0, 37)}...` : clean;
}
