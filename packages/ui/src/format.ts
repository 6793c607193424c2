import { formatLatencyDelta, formatSignificant, secondsToMs } from "@meshbench/contracts";
/**
 * One way to print numbers across the app: latencies arrive in seconds and are shown in ms
 * with sensible precision, or in µs when under a millisecond is clearer.
 */
export function formatLatency(
  seconds: number | null | undefined,
  unit: "auto" | "ms" | "us" = "ms",
): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "—";
  const ms = secondsToMs(seconds);
  if (unit === "us" || (unit === "auto" && ms < 1)) return `${formatSignificant(ms * 1000)} µs`;
  return `${formatSignificant(ms)} ms`;
}

/** A signed percentage of a fraction, 3 significant digits: 0.862 → "+86.2%", −0.2 → "−20.0%". */
export function formatSignedPercent(fraction: number): string {
  return `${fraction < 0 ? "\u2212" : "+"}${formatSignificant(Math.abs(fraction) * 100)}%`;
}

export function formatQps(qps: number | null): string {
  return qps === null ? "max" : `${Math.round(qps)}`;
}

/** "[+0.10, +0.21] ms": a 95% interval of a delta. */
export function formatInterval(interval: readonly [number, number] | null | undefined): string {
  if (!interval) return "—";
  const [lo, hi] = interval;
  const part = (s: number) => formatLatencyDelta(s).replace(/ (ms|µs)$/, "");
  return `[${part(lo)}, ${part(hi)}] ms`;
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return "—";
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let i = 0;
  while (Math.abs(value) >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${formatSignificant(value)} ${units[i]}`;
}

export function formatMillicores(m: number | null | undefined): string {
  if (m === null || m === undefined || !Number.isFinite(m)) return "—";
  return m >= 1000 ? `${formatSignificant(m / 1000)} cores` : `${formatSignificant(m)} m`;
}
