import { IMPORT_LIMITS, ImportError, preview } from "./errors";

const TIME_UNITS: Record<string, number> = { us: 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };
const METRIC: Record<string, number> = { "": 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9 };

/** wrk's format_time output ("569.44us", "1.15ms", "5.10s", "1.00m") in seconds. */
export function wrkSeconds(text: string, field: string): number {
  const m = /^(\d+(?:\.\d+)?)(us|ms|s|m|h)$/.exec(text);
  if (!m) throw new ImportError(field, `must be a wrk time like "1.15ms", not ${preview(text)}`);
  const seconds = Number(m[1]) * (TIME_UNITS[m[2] ?? "s"] ?? 1);
  if (seconds > IMPORT_LIMITS.maxDurationSeconds)
    throw new ImportError(field, `must be at most ${IMPORT_LIMITS.maxDurationSeconds} s`);
  return seconds;
}

/** wrk's format_metric output ("33.66k", "527.41") as a number. */
export function wrkMetric(text: string, field: string): number {
  const m = /^(\d+(?:\.\d+)?)([kKMG]?)$/.exec(text);
  if (!m) throw new ImportError(field, `must be a number like "33.66k", not ${preview(text)}`);
  return Number(m[1]) * (METRIC[m[2] ?? ""] ?? 1);
}

export function wrkInteger(text: string, field: string): number {
  const n = Number(text);
  if (!/^\d{1,15}$/.test(text) || !Number.isSafeInteger(n))
    throw new ImportError(field, "must be a non-negative integer");
  return n;
}

/** Options from a leading "$ wrk2 -t2 -c16 -R1000 ... URL" command line, when the output was saved with it. */
export function commandOptions(line: string | undefined): { rate: number | null; wrk2: boolean } {
  if (!line) return { rate: null, wrk2: false };
  const rate = /(?:^|\s)(?:-R\s*|--rate[= ])(\d+(?:\.\d+)?[kKM]?)(?=\s|$)/.exec(line);
  return {
    rate: rate?.[1] ? wrkMetric(rate[1], "command line -R") : null,
    wrk2: /\bwrk2\b/.test(line) || rate !== null,
  };
}
