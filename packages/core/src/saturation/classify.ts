import { DEFAULT_VALIDITY_THRESHOLDS } from "../validity";

/** The numbers that say whether a trial kept up with its requested load. */
export interface LoadOutcome {
  /** null = unthrottled ("max"): there is no requested rate to fall short of. */
  requestedQps: number | null;
  actualQps: number;
  requestCount: number;
  errorCount: number;
}

export interface SaturationThresholds {
  /** achieved/requested below this = saturated. Default 0.95, the validity guard's threshold. */
  minQpsRatio: number;
  /** Error share above this = saturated. Default 0.01, the validity guard's threshold. */
  maxErrorRate: number;
}

export const DEFAULT_SATURATION_THRESHOLDS: SaturationThresholds = {
  minQpsRatio: DEFAULT_VALIDITY_THRESHOLDS.minQpsRatio,
  maxErrorRate: DEFAULT_VALIDITY_THRESHOLDS.maxErrorRate,
};

export type SaturationCause = "qps_shortfall" | "errors";

export interface SaturationVerdict {
  saturated: boolean;
  /** Every cause that applies, shortfall first; empty when not saturated. */
  causes: SaturationCause[];
  /** achieved/requested; null when unthrottled or nothing was requested. */
  qpsRatio: number | null;
  /** errors/requests; 1 when no request completed (nothing succeeded). */
  errorRate: number;
  /** One sentence for tables and "excluded because" lists; null when not saturated. */
  reason: string | null;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function errorRateOf(o: Pick<LoadOutcome, "requestCount" | "errorCount">): number {
  if (o.requestCount > 0) return o.errorCount / o.requestCount;
  return o.errorCount > 0 ? 1 : 0;
}

/**
 * A trial that could not hold its requested rate, or failed too many requests, measured the
 * system past its capacity: its latencies are not "latency at the requested load" (so they stay
 * out of latency deltas) but its achieved rate and error rate are exactly what load curves need.
 * The thresholds are the validity guard's, so "saturated" and "invalid for latency" never drift.
 */
export function classifySaturation(
  o: LoadOutcome,
  thresholds: Partial<SaturationThresholds> = {},
): SaturationVerdict {
  const t = { ...DEFAULT_SATURATION_THRESHOLDS, ...thresholds };
  const requested = o.requestedQps;
  const qpsRatio = requested !== null && requested > 0 ? o.actualQps / requested : null;
  const errorRate = errorRateOf(o);
  const causes: SaturationCause[] = [];
  const parts: string[] = [];
  if (qpsRatio !== null && qpsRatio < t.minQpsRatio) {
    causes.push("qps_shortfall");
    parts.push(
      `achieved ${o.actualQps.toFixed(1)} of ${requested} requested QPS (${pct(qpsRatio)} < ${pct(t.minQpsRatio)})`,
    );
  }
  if (errorRate > t.maxErrorRate) {
    causes.push("errors");
    parts.push(`${pct(errorRate)} of requests failed (> ${pct(t.maxErrorRate)})`);
  }
  const saturated = causes.length > 0;
  return {
    saturated,
    causes,
    qpsRatio,
    errorRate,
    reason: saturated
      ? `saturated: ${parts.join("; ")}; kept on load curves, excluded from latency deltas`
      : null,
  };
}
