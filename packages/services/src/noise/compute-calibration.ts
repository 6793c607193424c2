import type { TRunDetail, TTrialRecord } from "@meshbench/contracts";
import {
  BOOTSTRAP_SEED,
  calibrateNoise,
  countingTrials,
  levelOf,
  sortVariants,
  type AaLevelTrials,
  type NoiseCalibration,
} from "@meshbench/core";

export type CalibrationOutcome = {
  calibration: NoiseCalibration | null;
  levelsCalibrated: number;
  error: string | null;
};

/**
 * The noise floor of a finished A/A run: its first two variants (A and A′, by the report's order)
 * compared level by level with core's calibrateNoise, seeded like every report so the band is
 * reproducible. A run that did not succeed, or where no level has ≥ 3 repetitions a side, gives
 * no band and says why.
 */
export function computeCalibration(run: TRunDetail): CalibrationOutcome {
  if (run.status !== "succeeded")
    return { calibration: null, levelsCalibrated: 0, error: `the A/A run ${run.status}` };
  const trials = countingTrials(run.trials);
  const [a, aPrime] = sortVariants(trials.map((t) => t.variant));
  if (!a || !aPrime)
    return { calibration: null, levelsCalibrated: 0, error: "the A/A run needs two variants" };
  const levels = new Map<
    string,
    AaLevelTrials & { baseline: TTrialRecord[]; aa: TTrialRecord[] }
  >();
  for (const t of trials) {
    const level = levelOf(t);
    const entry = levels.get(level.key) ?? { level, baseline: [], aa: [] };
    if (t.variant === a) entry.baseline.push(t);
    if (t.variant === aPrime) entry.aa.push(t);
    levels.set(level.key, entry);
  }
  const calibration = calibrateNoise([...levels.values()], { seed: BOOTSTRAP_SEED });
  const levelsCalibrated = calibration.levels.filter((l) => Object.keys(l.bands).length > 0).length;
  return {
    calibration,
    levelsCalibrated,
    error:
      levelsCalibrated === 0 ? "no level had at least 3 usable repetitions of both sides" : null,
  };
}
