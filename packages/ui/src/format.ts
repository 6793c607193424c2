/**
 * One way to print numbers across the app: latencies arrive in seconds and are shown in ms
 * with sensible precision, or in µs when under a millisecond is clearer.
 */
export function formatLatency(seconds: number | null | undefined, unit: "auto" | "ms" | "us" = "ms"): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "—";
  const ms = seconds * 1000;
  if (unit === "us" || (unit === "auto" && ms < 1)) return `${formatSignificant(ms * 1000)} µs`;
  return `${formatSignificant(ms)} ms`;
}

/** 3 significant digits, but never fewer than 0 or more than 3 decimals. */
export function formatSignificant(value: number): string {
  const abs = Math.abs(value);
  const decimals = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toFixed(decimals);
}

export function formatPercent(fraction: number | null | undefined, decimals = 1): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return "—";
  return `${(fraction * 100).toFixed(decimals)}%`;
}

export function formatQps(qps: number | null): string {
  return qps === null ? "max" : `${Math.round(qps)}`;
}
