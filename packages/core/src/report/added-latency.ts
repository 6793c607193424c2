import { secondsToMs } from "@meshbench/contracts";
/** One variant's pooled latency at one load level (seconds), as the percentile table has it. */
export interface LevelLatency {
  variant: string;
  levelKey: string;
  connections: number;
  requestedQps: number | null;
  protocol: string;
  p90: number | null;
  p99: number | null;
}

/** Latency a variant adds over the baseline at one level (D's P90/P99 "added by the proxies"). */
export interface AddedLatencyRow {
  variant: string;
  levelKey: string;
  connections: number;
  requestedQps: number | null;
  protocol: string;
  /** variant − baseline in ms; null when either side has no value at this level. */
  p90AddedMs: number | null;
  p99AddedMs: number | null;
}

const addedMs = (v: number | null, b: number | null) =>
  v === null || b === null ? null : secondsToMs(v - b);

/**
 * P90/P99 of each variant minus the baseline's at the same level, in ms, sorted by protocol,
 * connections, then variant. Levels the baseline lacks are left out (nothing to subtract).
 */
export function addedLatency(rows: readonly LevelLatency[], baseline: string): AddedLatencyRow[] {
  const base = new Map(rows.filter((r) => r.variant === baseline).map((r) => [r.levelKey, r]));
  return rows
    .filter((r) => r.variant !== baseline && base.has(r.levelKey))
    .map((r) => {
      const b = base.get(r.levelKey)!;
      return {
        variant: r.variant,
        levelKey: r.levelKey,
        connections: r.connections,
        requestedQps: r.requestedQps,
        protocol: r.protocol,
        p90AddedMs: addedMs(r.p90, b.p90),
        p99AddedMs: addedMs(r.p99, b.p99),
      };
    })
    .sort(
      (a, b) =>
        a.protocol.localeCompare(b.protocol) ||
        a.connections - b.connections ||
        (a.requestedQps ?? Infinity) - (b.requestedQps ?? Infinity) ||
        a.variant.localeCompare(b.variant),
    );
}
