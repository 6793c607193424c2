import type { LoadCurve } from "../saturation/load-curve";

/** A requested level a variant could not hold. */
export interface UnreachableLevel {
  variant: string;
  requestedQps: number;
  achievedQps: number;
  /** "could not reach 1,800 RPS (achieved 1,512)". */
  sentence: string;
}

const qps = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * Levels whose repetitions mostly fell short of the requested rate (B's "could not reach 1800 RPS"
 * rows), with the median rate actually achieved. A level saturated only by errors was reached.
 */
export function unreachableLevels(
  curves: readonly LoadCurve[],
  minQpsRatio = 0.95,
): UnreachableLevel[] {
  return curves.flatMap((c) =>
    c.levels
      .filter((l) => l.saturated && l.medianActualQps < l.requestedQps * minQpsRatio)
      .map((l) => ({
        variant: c.variant,
        requestedQps: l.requestedQps,
        achievedQps: l.medianActualQps,
        sentence: `could not reach ${qps.format(l.requestedQps)} RPS (achieved ${qps.format(l.medianActualQps)})`,
      })),
  );
}
