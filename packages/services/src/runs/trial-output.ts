import type { TTrialCoordinates, TValidityFlag } from "@meshbench/contracts";
import type { ResourceSampleInput } from "@meshbench/db";
import { trialCpuMillicores, type LoadGeneratorCeiling } from "@meshbench/core";
import type { TrialPath } from "../results/record-trial";

/** One trial's load-generator output and the usage sampled while it ran. */
export type TrialOutput = {
  /** The trial's key, as planned (core trialKey of its coordinates). */
  key: string;
  coordinates: TTrialCoordinates;
  sequence: number;
  /**
   * The load generator's result document (Fortio JSON for scheduled runs), or one per load
   * generator in generator order (merged exactly into the trial's result).
   */
  text: string | readonly string[];
  /**
   * Each load generator's Fortio JSON access log, in generator order (methodology.rateSeries):
   * stored as the trial's per-second series when they hold exactly its requests.
   */
  accessLogs?: readonly string[];
  /** The load generators' pods, in generator order: each one's CPU is read off its samples. */
  generatorPods?: readonly string[];
  samples: ResourceSampleInput[];
  /** Flags the worker raised itself (e.g. the target was not idle before it), kept beside the assessed ones. */
  flags?: TValidityFlag[];
  /** A meshed variant's declared path and the mesh's counters around the trial, judged here. */
  path?: TrialPath;
  /** The load generator's CPU ceiling (core's loadGeneratorCeiling); absent or null: not judged. */
  loadGeneratorCeiling?: LoadGeneratorCeiling | null;
  /** The target's pods' CPU limit, summed; absent or null: its CPU saturation is not judged. */
  targetCpuLimitMillicores?: number | null;
};

/** The target's CPU (its apps and their proxies) over its limit; null when either is unknown. */
export function targetCpuShare(output: TrialOutput): number | null {
  const limit = output.targetCpuLimitMillicores ?? null;
  const used = trialCpuMillicores(
    output.samples.filter((s) => s.role === "app" || s.role === "proxy"),
  );
  return limit && used !== null ? used / limit : null;
}
