import { detectChangePoints, type ChangePoint, type ChangePointOptions } from "./e-divisive";

/** One history: a benchmark × variant × level × statistic over runs, oldest first. */
export interface TimeSeries<T = string> {
  key: string;
  points: readonly { at: T; value: number }[];
}

export interface SeriesChangePoint<T = string> extends ChangePoint {
  key: string;
  /** The first point after the change (the run that introduced it, or the first to show it). */
  at: T;
  /** The last point before it. */
  previousAt: T;
}

/**
 * Change points of many histories, each tested on its own at alpha (every series gets its own
 * seed derived from the base seed and its position, so adding a series does not change others'
 * results only if it is appended). Listed oldest first within each series.
 */
export function changePointsBySeries<T>(
  series: readonly TimeSeries<T>[],
  opts: ChangePointOptions,
): SeriesChangePoint<T>[] {
  return series.flatMap((s, i) => {
    const values = s.points.map((p) => p.value);
    const { changePoints } = detectChangePoints(values, {
      ...opts,
      seed: (opts.seed + i * 0x9e3779b1) >>> 0,
    });
    return changePoints.flatMap((c) => {
      const at = s.points[c.index]?.at;
      const previousAt = s.points[c.index - 1]?.at;
      return at === undefined || previousAt === undefined
        ? []
        : [{ ...c, key: s.key, at, previousAt }];
    });
  });
}
