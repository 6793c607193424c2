import type {
  TComparisonStatistic,
  TDelta,
  TVerdictEffect,
  TVerdictStatus,
} from "@meshbench/contracts";

const ms = (seconds: number) => seconds * 1e3;
const fmtMs = (seconds: number) => `${ms(seconds).toFixed(3)} ms`;
const fmtPct = (fraction: number) => `${fraction >= 0 ? "+" : ""}${(fraction * 100).toFixed(1)}%`;

/**
 * The one decision rule for interval-judged budgets: pass when the whole interval is within the
 * limit, fail when the whole interval is beyond it, inconclusive when it straddles the limit.
 */
export function judgeInterval(interval: readonly [number, number], limit: number): TVerdictStatus {
  if (interval[1] <= limit) return "pass";
  if (interval[0] > limit) return "fail";
  return "inconclusive";
}

export function effectOf(delta: TDelta): TVerdictEffect | null {
  if (
    delta.baseline === null ||
    delta.variant === null ||
    delta.absolute === null ||
    !delta.interval
  )
    return null;
  return {
    referenceMs: ms(delta.baseline),
    candidateMs: ms(delta.variant),
    absoluteMs: ms(delta.absolute),
    relative: delta.relative,
    confidence: delta.interval.confidence,
    absoluteIntervalMs: [ms(delta.interval.absolute[0]), ms(delta.interval.absolute[1])],
    relativeInterval: delta.interval.relative,
    referenceRepetitions: delta.baselineRepetitions.n,
    candidateRepetitions: delta.variantRepetitions.n,
  };
}

export interface Limit {
  /** "relative" compares the relative delta (a fraction), "absolute" the delta in seconds. */
  on: "relative" | "absolute";
  value: number;
}

/**
 * Judges one delta against one limit; the reason states the point estimate, the interval and
 * the limit, so a CI log alone explains the verdict.
 */
export function judgeDelta(
  delta: TDelta,
  limit: Limit,
  words: { subject: string; against: string; statistic: TComparisonStatistic },
): { status: TVerdictStatus; reason: string } {
  const { subject, against, statistic } = words;
  if (delta.notEnoughRepetitions || !delta.interval) {
    const n = `${delta.variantRepetitions.n} vs ${delta.baselineRepetitions.n} repetitions`;
    return {
      status: "inconclusive",
      reason: `${subject}: too few repetitions for an interval (${n}) vs ${against}`,
    };
  }
  const interval = limit.on === "relative" ? delta.interval.relative : delta.interval.absolute;
  const point = limit.on === "relative" ? delta.relative : delta.absolute;
  if (!interval || point === null) {
    return {
      status: "inconclusive",
      reason: `${subject}: ${statistic} of ${against} is zero, no relative change`,
    };
  }
  const status = judgeInterval(interval, limit.value);
  const fmt = limit.on === "relative" ? fmtPct : (v: number) => `${v >= 0 ? "+" : ""}${fmtMs(v)}`;
  const pct = Math.round(delta.interval.confidence * 100);
  const detail =
    `${statistic} ${fmtMs(delta.variant ?? 0)} vs ${fmtMs(delta.baseline ?? 0)} (${against}): ` +
    `${fmt(point)}, ${pct}% CI [${fmt(interval[0])}, ${fmt(interval[1])}], limit ${fmt(limit.value)}`;
  const verdictWord =
    status === "pass"
      ? "within budget"
      : status === "fail"
        ? "over budget"
        : "interval straddles the limit";
  return { status, reason: `${subject}: ${verdictWord} — ${detail}` };
}

export { fmtMs, fmtPct, ms };
