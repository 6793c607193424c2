import type { TComparisonStatistic, TDelta } from "@meshbench/contracts";
import { compareVariants, type ComparableTrial, type CompareOptions } from "../stats/compare";
import { levelKey, type LevelCoordinates } from "../trials";

/** Baseline vs an identical baseline at one level: the trials of each side. */
export interface AaLevelTrials {
  level: LevelCoordinates;
  baseline: readonly ComparableTrial[];
  /** The second, identical baseline ("A′"). */
  aa: readonly ComparableTrial[];
}

/** One calibrated level: per statistic, the 95% interval of the A/A relative delta. */
export interface CalibratedLevel {
  levelKey: string;
  level: LevelCoordinates;
  repetitions: number;
  bands: Partial<Record<TComparisonStatistic, [number, number]>>;
}

/** A cluster's noise floor: plain data, stored per cluster and reused by later comparisons. */
export interface NoiseCalibration {
  levels: CalibratedLevel[];
  seed: number;
  iterations: number;
}

/**
 * The noise floor from an A/A run: at each level the bootstrap interval (compareVariants: over
 * repetitions, pooled histograms) of "baseline′ vs baseline", relative to the baseline. Two
 * identical deployments differ only by the cluster's own run-to-run noise, so any delta this
 * size between a mesh and the baseline is indistinguishable from that noise. Levels with fewer
 * than minRepetitions (default 3) per side get no bands.
 */
export function calibrateNoise(
  levels: readonly AaLevelTrials[],
  opts: CompareOptions,
): NoiseCalibration {
  const out: CalibratedLevel[] = [];
  let iterations = 0;
  for (const l of levels) {
    const cmp = compareVariants(l.baseline, l.aa, opts);
    iterations = cmp.iterations;
    const bands: CalibratedLevel["bands"] = {};
    for (const s of cmp.statistics)
      if (s.interval?.relative) bands[s.statistic] = s.interval.relative;
    out.push({
      levelKey: levelKey(l.level),
      level: l.level,
      repetitions: Math.min(l.baseline.length, l.aa.length),
      bands,
    });
  }
  return { levels: out, seed: opts.seed, iterations };
}

export interface NoiseBandLookup {
  band: [number, number] | null;
  /** "exact": calibrated at this level; "nearest": at the nearest calibrated QPS of the same shape. */
  source: "exact" | "nearest" | "none";
  calibratedQps: number | null;
  label: string;
}

const sameShape = (a: LevelCoordinates, b: LevelCoordinates) =>
  a.connections === b.connections &&
  a.payloadBytes === b.payloadBytes &&
  a.protocol === b.protocol &&
  a.keepAlive === b.keepAlive;

const qpsLabel = (q: number | null) =>
  q === null ? "max QPS" : `${q.toLocaleString("en-US")} QPS`;

/**
 * The band for a (level, statistic): the level's own calibration, else the nearest calibrated
 * QPS with the same connections, payload, protocol and keep-alive (ties to the lower QPS, the
 * quieter and so narrower, more conservative band), labelled so; an unthrottled level only
 * matches an unthrottled calibration. Otherwise none.
 */
export function noiseBandFor(
  calibration: NoiseCalibration | null,
  level: LevelCoordinates,
  statistic: TComparisonStatistic,
): NoiseBandLookup {
  const none: NoiseBandLookup = {
    band: null,
    source: "none",
    calibratedQps: null,
    label: "no A/A calibration",
  };
  if (!calibration) return none;
  const key = levelKey(level);
  const exact = calibration.levels.find((l) => l.levelKey === key)?.bands[statistic];
  if (exact)
    return {
      band: exact,
      source: "exact",
      calibratedQps: level.requestedQps,
      label: `A/A noise at ${qpsLabel(level.requestedQps)}`,
    };
  const q = level.requestedQps;
  if (q === null) return none;
  const candidates = calibration.levels
    .filter((l) => l.level.requestedQps !== null && sameShape(l.level, level) && l.bands[statistic])
    .sort((a, b) => {
      const da = Math.abs((a.level.requestedQps ?? 0) - q);
      const db = Math.abs((b.level.requestedQps ?? 0) - q);
      return da - db || (a.level.requestedQps ?? 0) - (b.level.requestedQps ?? 0);
    });
  const nearest = candidates[0];
  const band = nearest?.bands[statistic];
  if (!nearest || !band) return none;
  const at = nearest.level.requestedQps;
  return {
    band,
    source: "nearest",
    calibratedQps: at,
    label: `A/A noise at ${qpsLabel(at)} (nearest calibrated level)`,
  };
}

export type NoiseCall = "noise" | "real" | "no_evidence" | "unknown";

export interface NoiseJudgement {
  call: NoiseCall;
  band: NoiseBandLookup;
  reason: string;
}

/**
 * A mesh-vs-baseline delta read against the band: inside the band it is noise, even when its own
 * interval excludes zero (a difference the cluster makes between two identical baselines is not
 * the mesh's doing). So is a delta between zero and a band that excludes zero (an A/A run that
 * leaned one way, e.g. [+13%, +41%]): it is smaller than what two identical baselines differed by,
 * never "beyond" them. Beyond the band's far edge on the delta's side, the interval decides:
 * excluding zero is a real difference, including it is no evidence. Without a band, only the
 * interval speaks.
 */
export function judgeAgainstNoise(
  delta: Pick<TDelta, "relative" | "interval">,
  band: NoiseBandLookup,
): NoiseJudgement {
  const rel = delta.relative;
  if (rel === null)
    return { call: "unknown", band, reason: "no relative delta (zero or missing baseline)" };
  if (band.band && Math.min(band.band[0], 0) <= rel && rel <= Math.max(band.band[1], 0))
    return {
      call: "noise",
      band,
      reason:
        band.band[0] <= rel && rel <= band.band[1]
          ? `within the ${band.label} band`
          : `between zero and the ${band.label} band: smaller than two identical baselines differed`,
    };
  const ci = delta.interval?.relative;
  if (!ci) return { call: "unknown", band, reason: "no interval (too few repetitions)" };
  if (ci[0] <= 0 && ci[1] >= 0)
    return { call: "no_evidence", band, reason: "interval includes zero" };
  return {
    call: "real",
    band,
    reason: band.band
      ? `outside the ${band.label} band and its interval excludes zero`
      : "interval excludes zero (no noise band)",
  };
}
