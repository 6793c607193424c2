import { ZCompareHistoryInput, ZHistoryComparison } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

export const compareHistoryProcedure = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/benchmarks/{benchmarkKey}/history/compare",
      protect: true,
      tags: ["history"],
      summary: "Compare the runs at two mesh versions (or label values)",
      description:
        "Side a: the benchmark's included runs with mesh `name` at version `a` (by=meshVersion) or label `name` = `a` " +
        "(by=label); side b likewise. Per series, each run's pooled statistic is one value; the delta is b − a " +
        "(difference of means) with a 95% percentile bootstrap interval resampling runs, none below 3 runs a side. " +
        "Requires the read scope.",
    },
  })
  .input(ZCompareHistoryInput)
  .output(ZHistoryComparison)
  .query(({ ctx, input }) => ctx.services.history.compare(ctx.actor.workspaceId, input));
