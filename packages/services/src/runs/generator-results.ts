import type { TTrialResult } from "@meshbench/contracts";
import { type GeneratorNumbers, mergeGeneratorResults, trialCpuMillicores } from "@meshbench/core";
import type { ResourceSampleInput } from "@meshbench/db";
import { readTrialResult } from "../results/record-trial";

/**
 * A scheduled trial's result from its load generators' documents (Fortio JSON, in generator
 * order): one document is read as it is; several are merged exactly (core's
 * mergeGeneratorResults: one histogram on Fortio's grid, each generator's numbers and the
 * windows' overlap in `meta`).
 */
export function generatorsResult(texts: string | readonly string[]): TTrialResult {
  return poolGenerators(generatorResults(texts));
}

/** Each load generator's own result, in generator order (its Fortio JSON read). */
export function generatorResults(texts: string | readonly string[]): TTrialResult[] {
  const list = typeof texts === "string" ? [texts] : texts;
  return list.map((t) => readTrialResult(t, "fortio"));
}

/** The generators' results as the trial's one result (one as it is, several merged exactly). */
export function poolGenerators(results: readonly TTrialResult[]): TTrialResult {
  return results.length === 1 ? results[0]! : mergeGeneratorResults(results);
}

/**
 * Each load generator's CPU over the trial (its pod's `load_generator` samples), kept in its
 * numbers in `meta.generators` (`cpuMillicores`, null when its pod was not sampled); returns the
 * busiest generator's CPU, the figure judged against one generator's ceiling (every generator has
 * the same limit and carries an equal share). One generator: all `load_generator` samples are its.
 */
export function generatorCpu(
  result: TTrialResult,
  samples: readonly ResourceSampleInput[],
  pods: readonly string[] | undefined,
): number | null {
  const mine = samples.filter((s) => s.role === "load_generator");
  const generators = result.meta["generators"] as
    (GeneratorNumbers & { pod?: string })[] | undefined;
  if (!generators || !pods || pods.length !== generators.length) return trialCpuMillicores(mine);
  let busiest: number | null = null;
  generators.forEach((g, i) => {
    const cpu = trialCpuMillicores(mine.filter((s) => s.pod === pods[i]));
    Object.assign(g, { pod: pods[i], cpuMillicores: cpu });
    if (cpu !== null && (busiest === null || cpu > busiest)) busiest = cpu;
  });
  return busiest;
}
