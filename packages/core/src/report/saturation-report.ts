import {
  STATISTICS,
  type TLoadPoint,
  type TSaturationReport,
  type TTrialRecord,
} from "@meshbench/contracts";
import { loadCurve, loadPointsOf, saturationSummary } from "../saturation";
import { groupByCell, levelKey, trialStanding } from "../trials";
import { throughputOf } from "./throughput";
import { unreachableLevels } from "./unreachable";

/**
 * Saturation shown, not hidden: each variant's knee on its load curve, the one-sentence summary
 * ("baseline saturates near 1,650 QPS; ambient near 1,420 (−14%)"), levels a variant could not
 * reach, and the saturated trials left out of latency deltas with their reason.
 */
export function saturationReport(
  trials: readonly TTrialRecord[],
  variants: readonly string[],
  reference: string | null,
): TSaturationReport {
  const points = loadPointsOf(trials);
  const curves = variants.map((v) => loadCurve(v, points));
  const withData = curves.filter((c) => c.levels.length > 0);
  const base = withData.find((c) => c.variant === reference) ?? withData[0];
  const excluded = trials.flatMap((t) => {
    const s = trialStanding(t);
    return s.exclusion === "saturated"
      ? [{ key: t.key, variant: t.variant, levelKey: levelKey(t), reason: s.reason ?? "saturated" }]
      : [];
  });
  return {
    summary: base
      ? saturationSummary(
          base,
          withData.filter((c) => c !== base),
        )
      : null,
    variants: withData.map((c) => ({
      variant: c.variant,
      saturatesNearQps: c.saturatesNearQps,
      reached: c.reached,
      kneeQps: c.knee?.requestedQps ?? null,
    })),
    unreachable: unreachableLevels(curves),
    excluded,
  };
}

/**
 * Load-curve points with saturated trials put back: achieved QPS and error rate over every trial
 * on the curve (counting and saturated), latency from the counting ones (null when only saturated
 * trials ran there), `saturated` when most of the cell's trials saturated.
 */
export function withSaturatedPoints(
  points: readonly TLoadPoint[],
  trials: readonly TTrialRecord[],
  levels: readonly {
    key: string;
    requestedQps: number | null;
    connections: number;
    protocol: TLoadPoint["protocol"];
  }[],
): TLoadPoint[] {
  const out: TLoadPoint[] = [];
  const cells = [...groupByCell(trials).values()];
  for (const level of levels) {
    for (const { variant, trials: mine } of cells.filter((c) => c.level.key === level.key)) {
      const standings = mine.map((t) => trialStanding(t));
      const onCurve = mine.filter((_, i) => standings[i]!.onLoadCurve);
      const existing = points.find((p) => p.variant === variant && p.levelKey === level.key);
      if (onCurve.length === 0) {
        if (existing) out.push({ ...existing, protocol: level.protocol, saturated: false });
        continue;
      }
      const saturated = standings.filter((s) => s.onLoadCurve && s.exclusion === "saturated");
      const { achievedQps, errorRate } = throughputOf(onCurve);
      out.push({
        variant,
        levelKey: level.key,
        requestedQps: level.requestedQps,
        connections: level.connections,
        achievedQps,
        errorRate,
        stats:
          existing?.stats ??
          (Object.fromEntries(STATISTICS.map((k) => [k, null])) as TLoadPoint["stats"]),
        protocol: level.protocol,
        saturated: saturated.length * 2 > onCurve.length,
      });
    }
  }
  return out;
}
