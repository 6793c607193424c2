import type { TBenchmarkDefinition } from "@meshbench/contracts";
import {
  nextCapacityProbes,
  probeCoordinates,
  trialKey,
  type CapacitySearchConfig,
  type TPlannedTrial,
} from "@meshbench/core";
import type { RunExecutionService } from "@meshbench/services";

type Ctx = {
  ws: string;
  runId: string;
  def: TBenchmarkDefinition;
  config: CapacitySearchConfig;
  execution: RunExecutionService;
  log: (msg: string) => void;
};

/** Variants whose search still needs trials, from what the run has stored (a resumed run too). */
export async function capacityVariantsToRun(ctx: Ctx): Promise<Set<string>> {
  const { observations } = await ctx.execution.capacityProgress(ctx.ws, ctx.runId);
  const step = nextCapacityProbes(ctx.config, observations);
  return new Set(step.variants.filter((v) => v.status === "searching").map((v) => v.variant));
}

/**
 * The trials of a capacity search, asked of core one probe round at a time: each round reads the
 * stored trials back (nothing else is the search's state, so a restarted worker carries on where
 * the last one stopped), yields the round's trials (one probe per searching variant, repetitions
 * interleaved across variants) and, once they ran, asks again until every variant stopped or the
 * budget is spent. A trial that yields no observation (failed) is not retried in this session:
 * its variant's search stops there, the other variants go on.
 */
export async function* capacityTrials(ctx: Ctx): AsyncGenerator<TPlannedTrial> {
  const yielded = new Set<string>();
  const gaveUp = new Set<string>();
  let block = 0;
  for (;;) {
    const config = { ...ctx.config, variants: ctx.config.variants.filter((v) => !gaveUp.has(v)) };
    const { observations, storedTrials } = await ctx.execution.capacityProgress(ctx.ws, ctx.runId);
    const step = nextCapacityProbes(config, observations);
    const probes = step.trials.map((p) => {
      const coordinates = probeCoordinates(ctx.def, p);
      return { ...p, coordinates, key: trialKey(coordinates) };
    });
    const fresh = probes.filter((p) => {
      if (!yielded.has(p.key)) return true;
      if (!gaveUp.has(p.variant))
        ctx.log(
          `run ${ctx.runId}: capacity search of ${p.variant} stopped: its trial at ${p.requestedQps} QPS gave no result`,
        );
      gaveUp.add(p.variant);
      return false;
    });
    const trials = fresh.filter((p) => !gaveUp.has(p.variant));
    if (trials.length === 0) {
      if (step.done || gaveUp.size === 0) return;
      continue;
    }
    let sequence = storedTrials;
    for (const { key, coordinates } of trials) {
      yielded.add(key);
      yield { key, coordinates, sequence: sequence++, block };
    }
    block += 1;
  }
}
