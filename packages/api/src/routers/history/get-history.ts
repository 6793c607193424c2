import { ZBenchmarkHistory, ZGetHistoryInput } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

export const getHistoryProcedure = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/benchmarks/{benchmarkKey}/history",
      protect: true,
      tags: ["history"],
      summary: "A statistic's trend across a benchmark's runs",
      description:
        "One series per variant and load level (pooled statistic per run, in ms), with absolute budget lines " +
        "and change points. Requires the read scope.",
    },
  })
  .input(ZGetHistoryInput)
  .output(ZBenchmarkHistory)
  .query(({ ctx, input }) => ctx.services.history.get(ctx.actor.workspaceId, input));
