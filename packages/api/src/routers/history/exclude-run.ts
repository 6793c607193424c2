import { ZExcludeRunInput, ZRunExclusion } from "@meshbench/contracts";
import { auditActor, requireScope } from "../../trpc";

/**
 * Members, and API tokens with `benchmarks:write`: excluding a run is curating a benchmark's
 * history, like judging its change points (audited; stored verdicts keep the reference they had).
 */
export const excludeRun = requireScope("benchmarks:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/runs/{runId}/exclude",
      protect: true,
      tags: ["history"],
      summary: "Exclude a run from history, change points and baselines",
      description:
        "Annotates the run with a reason (its measured data is unchanged): it is listed greyed in its " +
        "benchmark's history, draws no point, counts in no change point and is never a verdict's reference run. " +
        "Reversible with /runs/{runId}/include; both are audited. Requires the benchmarks:write scope.",
    },
  })
  .input(ZExcludeRunInput)
  .output(ZRunExclusion)
  .mutation(({ ctx, input }) =>
    ctx.services.history.exclusions.exclude(ctx.actor.workspaceId, auditActor(ctx.actor), input),
  );
