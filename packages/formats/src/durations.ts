import { IMPORT_LIMITS, ImportError, preview } from "./errors";

const GO_UNITS: Record<string, number> = {
  ns: 1e-9,
  us: 1e-6,
  "\u00b5s": 1e-6,
  "\u03bcs": 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};
const GO_DURATION =
  /^(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|\u00b5s|\u03bcs|ms|s|m|h)(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|\u00b5s|\u03bcs|ms|s|m|h))*$/;

/** Go's time.Duration.String() form ("10s", "1m30s", "1h0m0s", "1.5ms") in seconds; null if not one. */
export function parseGoDuration(text: string): number | null {
  if (!GO_DURATION.test(text)) return null;
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(
    /(\d+(?:\.\d*)?|\.\d+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h)/g,
  )) {
    seconds += Number(amount) * (GO_UNITS[unit ?? "s"] ?? 1);
  }
  return seconds;
}

export function checkDuration(seconds: number, path: string): number {
  if (seconds > IMPORT_LIMITS.maxDurationSeconds)
    throw new ImportError(path, `must be at most ${IMPORT_LIMITS.maxDurationSeconds} s`);
  return seconds;
}

/**
 * A protobuf JSON Duration ("0.000190007s", "5s") as whole nanoseconds. Seconds are then
 * nanos / 1e9, the same double Nighthawk's own Fortio output computes, so edges stay exact.
 */
export function parseProtoDurationNanos(v: unknown, path: string): number {
  if (v === undefined) throw new ImportError(path, "is missing");
  const m = typeof v === "string" ? /^(\d{1,12})(?:\.(\d{1,9}))?s$/.exec(v) : null;
  if (!m) throw new ImportError(path, `must be a duration like "0.000190007s", not ${preview(v)}`);
  const nanos = Number(m[1]) * 1e9 + Number((m[2] ?? "").padEnd(9, "0"));
  if (nanos / 1e9 > IMPORT_LIMITS.maxLatencySeconds)
    throw new ImportError(path, `must be at most ${IMPORT_LIMITS.maxLatencySeconds} s`);
  return nanos;
}

export const protoDurationSeconds = (v: unknown, path: string) =>
  parseProtoDurationNanos(v, path) / 1e9;
