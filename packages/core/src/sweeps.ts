/** One load level of a sweep (latencies in seconds). */
export interface SweepPoint {
  requestedQps: number;
  actualQps: number;
  p99: number;
}

export interface SaturationOptions {
  /** actual/requested below this = the target (or load generator) could not keep up. Default 0.95. */
  minQpsRatio?: number;
  /** p99 above this multiple of the lowest load's p99 = the latency knee. Default 3. */
  latencyKneeFactor?: number;
}

export interface SaturationResult {
  /** First level (by requested QPS) that could not be sustained; null if every level was. */
  saturationPoint: SweepPoint | null;
  reason: "qps_shortfall" | "latency_knee" | null;
  /** Highest level below the saturation point (or the highest level overall). */
  lastSustainable: SweepPoint | null;
  maxActualQps: number | null;
}

const byRequested = (points: readonly SweepPoint[]) =>
  [...points].sort((a, b) => a.requestedQps - b.requestedQps);

/**
 * Where a QPS sweep stops scaling: the first level whose achieved rate falls short of the
 * requested one, or whose p99 jumps past a multiple of the unloaded p99 (queueing has set in
 * even if the rate is still met). For trial records (repetitions, error rates, saturated trials)
 * use saturation/load-curve.ts `loadCurve`; for an SLO, the capacity search in capacity/.
 */
export function findSaturationPoint(
  points: readonly SweepPoint[],
  opts: SaturationOptions = {},
): SaturationResult {
  const minRatio = opts.minQpsRatio ?? 0.95;
  const knee = opts.latencyKneeFactor ?? 3;
  const sorted = byRequested(points);
  const first = sorted[0];
  const maxActualQps = sorted.length ? Math.max(...sorted.map((p) => p.actualQps)) : null;
  if (!first) return { saturationPoint: null, reason: null, lastSustainable: null, maxActualQps };
  let lastSustainable: SweepPoint | null = null;
  for (const p of sorted) {
    const reason =
      p.actualQps < p.requestedQps * minRatio
        ? "qps_shortfall"
        : p.p99 > first.p99 * knee
          ? "latency_knee"
          : null;
    if (reason) return { saturationPoint: p, reason, lastSustainable, maxActualQps };
    lastSustainable = p;
  }
  return { saturationPoint: null, reason: null, lastSustainable, maxActualQps };
}

export interface CapacityAtSlo {
  /** Highest achieved QPS with p99 within the SLO; null when even the lowest level misses it. */
  qps: number | null;
  /**
   * "interpolated": between the last passing and first failing level, linearly in p99;
   * "at_least": every level passed, so capacity is at least the highest one measured;
   * "none": the lowest level already misses the SLO.
   */
  kind: "interpolated" | "at_least" | "none";
  below: SweepPoint | null;
  above: SweepPoint | null;
}

/** Throughput sustainable with p99 ≤ sloSeconds (levels that fell short of their rate fail). */
export function capacityAtSlo(
  points: readonly SweepPoint[],
  sloSeconds: number,
  opts: { minQpsRatio?: number } = {},
): CapacityAtSlo {
  const minRatio = opts.minQpsRatio ?? 0.95;
  const passes = (p: SweepPoint) => p.p99 <= sloSeconds && p.actualQps >= p.requestedQps * minRatio;
  let below: SweepPoint | null = null;
  for (const p of byRequested(points)) {
    if (passes(p)) {
      below = p;
      continue;
    }
    if (!below) return { qps: null, kind: "none", below: null, above: p };
    const span = p.p99 - below.p99;
    const t = span > 0 ? Math.min(1, Math.max(0, (sloSeconds - below.p99) / span)) : 0;
    const reachable = Math.min(p.actualQps, p.requestedQps);
    return {
      qps: below.actualQps + t * (reachable - below.actualQps),
      kind: "interpolated",
      below,
      above: p,
    };
  }
  return {
    qps: below ? below.actualQps : null,
    kind: below ? "at_least" : "none",
    below,
    above: null,
  };
}
