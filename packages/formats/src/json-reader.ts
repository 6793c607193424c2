import { checkInputSize, IMPORT_LIMITS, ImportError, ROOT } from "./errors";

export type JsonObject = Record<string, unknown>;

/** "DurationHistogram" + "Data" + 3 → "DurationHistogram.Data[3]". */
export function at(parent: string, key: string | number): string {
  if (typeof key === "number") return `${parent}[${key}]`;
  return parent === ROOT ? key : `${parent}.${key}`;
}

const isObject = (v: unknown): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Parses a JSON document that must be an object. The parser's own message is not passed on: V8
 * quotes the input around the error, and that input may hold a payload or credentials.
 */
export function parseJsonObject(text: string): JsonObject {
  checkInputSize(text);
  if (text.trim() === "") throw new ImportError(ROOT, "empty input");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : "";
    if (/end of (JSON )?input|Unterminated/i.test(message))
      throw new ImportError(ROOT, "truncated JSON (unexpected end of input)");
    const position = /position (\d+)/.exec(message)?.[1];
    if (position !== undefined && Number(position) >= text.trimEnd().length) {
      throw new ImportError(ROOT, "truncated JSON (unexpected end of input)");
    }
    throw new ImportError(
      ROOT,
      `not valid JSON${position ? ` (error at character ${position})` : ""}`,
    );
  }
  if (!isObject(parsed)) throw new ImportError(ROOT, "must be a JSON object");
  return parsed;
}

export function requireObject(v: unknown, path: string): JsonObject {
  if (v === undefined) throw new ImportError(path, "is missing");
  if (!isObject(v)) throw new ImportError(path, "must be an object");
  return v;
}

export function requireArray(
  v: unknown,
  path: string,
  maxLength: number = IMPORT_LIMITS.maxBuckets,
): unknown[] {
  if (v === undefined) throw new ImportError(path, "is missing");
  if (!Array.isArray(v)) throw new ImportError(path, "must be an array");
  if (v.length > maxLength)
    throw new ImportError(path, `has ${v.length} entries, more than the limit of ${maxLength}`);
  return v;
}

export interface NumberRules {
  min?: number;
  max?: number;
  /** Reject 0 (min is inclusive otherwise). */
  positive?: boolean;
}

export function requireNumber(v: unknown, path: string, rules: NumberRules = {}): number {
  if (v === undefined) throw new ImportError(path, "is missing");
  if (typeof v !== "number" || !Number.isFinite(v)) throw new ImportError(path, "must be a number");
  if (rules.positive && !(v > 0)) throw new ImportError(path, "must be a positive number");
  if (rules.min !== undefined && v < rules.min)
    throw new ImportError(
      path,
      rules.min === 0 ? "must be a non-negative number" : `must be at least ${rules.min}`,
    );
  if (rules.max !== undefined && v > rules.max)
    throw new ImportError(path, `must be at most ${rules.max}`);
  return v;
}

/**
 * A non-negative integer count. Protobuf JSON (Nighthawk, and its Fortio-compatible output)
 * writes uint64 as a decimal string, so strings of digits are accepted where `allowString`.
 */
export function requireCount(
  v: unknown,
  path: string,
  allowString = false,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (v === undefined) throw new ImportError(path, "is missing");
  let n: number | undefined;
  if (typeof v === "number") n = v;
  else if (allowString && typeof v === "string" && /^\d{1,16}$/.test(v)) n = Number(v);
  if (n === undefined || !Number.isSafeInteger(n) || n < 0)
    throw new ImportError(path, "must be a non-negative integer");
  if (n > max) throw new ImportError(path, `must be at most ${max}`);
  return n;
}

export function requireString(v: unknown, path: string): string {
  if (v === undefined) throw new ImportError(path, "is missing");
  if (typeof v !== "string") throw new ImportError(path, "must be a string");
  return v;
}

export function optionalString(v: unknown, path: string): string | null {
  return v === undefined || v === null ? null : requireString(v, path);
}

export function optionalBoolean(v: unknown, path: string): boolean | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== "boolean") throw new ImportError(path, "must be true or false");
  return v;
}

/** RFC 3339 timestamp as written by Go and protobuf, kept as the original string. */
export function optionalTimestamp(v: unknown, path: string): string | null {
  const s = optionalString(v, path);
  if (s === null || s === "") return null;
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(s) ||
    Number.isNaN(Date.parse(s))
  ) {
    throw new ImportError(path, "must be an RFC 3339 timestamp");
  }
  return s;
}
