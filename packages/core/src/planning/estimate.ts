import type { TBenchmarkDefinition } from "@meshbench/contracts";
import { countTrials } from "./expand-trials";

/** Fixed costs around the measured time, in seconds (defaults from runs on real clusters). */
export type TOverheads = {
  /** Job creation, scheduling, image already pulled, log read-back, sampling. */
  perTrialSeconds: number;
  /** Namespace, target Deployment ready, mesh check, per variant. */
  perVariantSeconds: number;
  /** Final cleanup. */
  perRunSeconds: number;
};

export const DEFAULT_OVERHEADS: TOverheads = {
  perTrialSeconds: 6,
  perVariantSeconds: 45,
  perRunSeconds: 30,
};

export function estimateRunSeconds(
  def: Pick<
    TBenchmarkDefinition,
    "variants" | "loadMatrix" | "repetitions" | "durationSeconds" | "warmupSeconds"
  > & { capacity?: TBenchmarkDefinition["capacity"] },
  overheads: TOverheads = DEFAULT_OVERHEADS,
) {
  const trials = countTrials(def);
  const perTrial = def.durationSeconds + def.warmupSeconds + overheads.perTrialSeconds;
  return (
    trials * perTrial + def.variants.length * overheads.perVariantSeconds + overheads.perRunSeconds
  );
}

/** A trial's deadline: its own time plus generous slack for scheduling and image pulls. */
export function trialTimeoutSeconds(
  def: Pick<TBenchmarkDefinition, "durationSeconds" | "warmupSeconds" | "methodology">,
) {
  if (def.methodology.trialTimeoutSeconds > 0) return def.methodology.trialTimeoutSeconds;
  return Math.ceil((def.durationSeconds + def.warmupSeconds) * 1.5) + 120;
}
