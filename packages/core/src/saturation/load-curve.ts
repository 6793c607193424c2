import type { TTrialRecord } from "@meshbench/contracts";
import { quantileSorted } from "../stats/delta";
import { percentileFromHistogram } from "../stats/percentiles";
import { trialStanding } from "../trials";
import { errorRateOf } from "./classify";

/** One trial as a load curve draws it (latencies in seconds; p99 null without numbers). */
export interface LoadPoint {
  variant: string;
  requestedQps: number;
  actualQps: number;
  errorRate: number;
  p99: number | null;
  saturated: boolean;
}

/** One requested level of a variant's curve, summarised over its repetitions by medians. */
export interface LoadLevel {
  requestedQps: number;
  trials: number;
  medianActualQps: number;
  medianErrorRate: number;
  /** Median successful throughput: achieved × (1 − error rate), what the target really served. */
  medianGoodputQps: number;
  medianP99: number | null;
  saturatedTrials: number;
  /** A majority of its repetitions saturated: one unlucky repetition does not move the knee. */
  saturated: boolean;
}

export interface LoadCurve {
  variant: string;
  levels: LoadLevel[];
  /** First level (ascending requested QPS) that is saturated: the knee to mark; null if none. */
  knee: LoadLevel | null;
  /** Highest level below the knee (or the highest level when there is no knee). */
  lastSustainable: LoadLevel | null;
  /**
   * Highest median goodput over all levels: where throughput tops out. When no level saturated
   * it is only a lower bound ("did not saturate up to"), hence `reached`.
   */
  saturatesNearQps: number | null;
  reached: boolean;
}

/** The load-curve points of trial records: trials trialStanding puts on the curve, throttled ones. */
export function loadPointsOf(trials: readonly TTrialRecord[]): LoadPoint[] {
  const points: LoadPoint[] = [];
  for (const t of trials) {
    const s = trialStanding(t);
    if (!s.onLoadCurve || t.requestedQps === null || t.actualQps === null) continue;
    points.push({
      variant: t.variant,
      requestedQps: t.requestedQps,
      actualQps: t.actualQps,
      errorRate: errorRateOf({ requestCount: t.requestCount ?? 0, errorCount: t.errorCount ?? 0 }),
      p99: t.summary?.p99 ?? (t.histogram?.count ? percentileFromHistogram(t.histogram, 99) : null),
      saturated: s.exclusion === "saturated",
    });
  }
  return points;
}

const median = (xs: number[]) =>
  quantileSorted(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

function levelOfPoints(requestedQps: number, ps: LoadPoint[]): LoadLevel {
  const p99s = ps.flatMap((p) => (p.p99 === null ? [] : [p.p99]));
  const saturatedTrials = ps.filter((p) => p.saturated).length;
  return {
    requestedQps,
    trials: ps.length,
    medianActualQps: median(ps.map((p) => p.actualQps)),
    medianErrorRate: median(ps.map((p) => p.errorRate)),
    medianGoodputQps: median(ps.map((p) => p.actualQps * (1 - p.errorRate))),
    medianP99: p99s.length ? median(p99s) : null,
    saturatedTrials,
    saturated: saturatedTrials * 2 > ps.length,
  };
}

/**
 * A variant's load curve and its knee: the knee is where the system stops delivering what was asked (rate or errors), not a latency
 * multiple, because the latency multiple is a judgement the SLO search makes explicitly.
 */
export function loadCurve(variant: string, points: readonly LoadPoint[]): LoadCurve {
  const byLevel = new Map<number, LoadPoint[]>();
  for (const p of points) {
    if (p.variant !== variant) continue;
    byLevel.set(p.requestedQps, [...(byLevel.get(p.requestedQps) ?? []), p]);
  }
  const levels = [...byLevel.entries()]
    .sort(([a], [b]) => a - b)
    .map(([qps, ps]) => levelOfPoints(qps, ps));
  const kneeAt = levels.findIndex((l) => l.saturated);
  const knee = kneeAt === -1 ? null : (levels[kneeAt] ?? null);
  const lastSustainable = kneeAt === -1 ? (levels.at(-1) ?? null) : (levels[kneeAt - 1] ?? null);
  const saturatesNearQps = levels.length
    ? Math.max(...levels.map((l) => l.medianGoodputQps))
    : null;
  return { variant, levels, knee, lastSustainable, saturatesNearQps, reached: knee !== null };
}

const qpsFormat = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 3 });
const signedPct = (r: number) => {
  const v = Math.round(r * 100);
  return v === 0 ? "±0%" : `${v > 0 ? "+" : "−"}${Math.abs(v)}%`;
};

function clause(c: LoadCurve, leading: boolean): string {
  if (c.saturatesNearQps === null) return `${c.variant} has no load data`;
  const qps = qpsFormat.format(c.saturatesNearQps);
  if (!c.reached) return `${c.variant} did not saturate up to ${qps} QPS`;
  return leading ? `${c.variant} saturates near ${qps} QPS` : `${c.variant} near ${qps}`;
}

/**
 * "baseline saturates near 1,650 QPS; ambient near 1,420 (−14%)": values to 3 significant
 * figures (the measurement is no finer), the percentage vs baseline only when both saturated
 * (a lower bound against a lower bound says nothing).
 */
export function saturationSummary(baseline: LoadCurve, others: readonly LoadCurve[]): string {
  const parts = [clause(baseline, true)];
  for (const c of others) {
    const b = baseline.saturatesNearQps;
    const v = c.saturatesNearQps;
    const rel =
      baseline.reached && c.reached && b && v !== null ? ` (${signedPct(v / b - 1)})` : "";
    parts.push(clause(c, !c.reached || !baseline.reached) + rel);
  }
  return parts.join("; ");
}
