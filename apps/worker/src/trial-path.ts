import { type PathReadings, resolveTopology } from "@meshbench/core";
import type { PathProbe } from "@meshbench/k8s";
import type { TrialPath } from "@meshbench/services";
import type { TrialCtx, TrialDeps } from "./run-trial";

/** How often, and how many times, the counters are read again until they stop moving. */
const SETTLE_MS = 1000;
const SETTLE_READS = 4;

const unreadable = (probe: PathProbe, why: string): PathReadings =>
  Object.fromEntries(probe.hops.map((h) => [h.hop, { unreadable: why }]));

/**
 * The path check around one trial: the variant's proxies' counters right before the measured run
 * (after the warm-up) and after it, once they stop moving (ztunnel books a connection's bytes as
 * it closes, which is when Fortio's run ends). Null when the variant has nothing to check or the
 * gateway cannot read counters. Its calls count as sampling, not as the trial's own.
 */
export function pathReader(deps: TrialDeps, ctx: TrialCtx) {
  const probe = ctx.variant.path;
  const gateway = ctx.gateway;
  if (!probe || !gateway.readPathCounters) return null;
  const variant = ctx.def.variants.find((v) => v.name === ctx.trial.coordinates.variant);
  if (!variant) return null;
  const read = async (): Promise<PathReadings> => {
    const calls = gateway.apiCalls();
    try {
      return await gateway.readPathCounters!(probe);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      deps.log(`run ${ctx.runId}: path counters unreadable: ${why}`);
      return unreadable(probe, why);
    } finally {
      ctx.onSamplingCalls(gateway.apiCalls() - calls);
    }
  };
  let before: PathReadings | null = null;
  let resumed = false;
  return {
    before: async () => {
      before = await read();
    },
    started: (wasResumed: boolean) => {
      resumed = wasResumed;
    },
    async after(): Promise<TrialPath> {
      let last = await read();
      for (let i = 0; i < SETTLE_READS; i++) {
        await new Promise((r) => setTimeout(r, SETTLE_MS));
        const next = await read();
        if (JSON.stringify(next) === JSON.stringify(last)) break;
        last = next;
      }
      const why = resumed
        ? "the trial was resumed from another worker: no counters from before it"
        : "no counters were read before the measured run";
      return {
        mesh: variant.mesh,
        topology: resolveTopology(variant, ctx.def.methodology),
        before: before ?? unreadable(probe, why),
        after: last,
      };
    },
  };
}
