import { ZChangePoint, ZDecideChangePointInput } from "@meshbench/contracts";
import { z } from "zod";
import { requireScope } from "../../trpc";

/** Members, and API tokens with `benchmarks:write` (people curating a benchmark's history). */
export const decideChangePoint = requireScope("benchmarks:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/benchmarks/{benchmarkKey}/change-points",
      protect: true,
      tags: ["history"],
      summary: "Confirm or dismiss a detected change point",
      description:
        "Stores the decision for the series (variant × level × statistic) at the run where the change begins. " +
        "Dismissed change points stay listed, greyed. Requires the benchmarks:write scope.",
    },
  })
  .input(ZDecideChangePointInput)
  .output(
    z.object({
      seriesKey: z.string(),
      runId: z.string(),
      status: ZChangePoint.shape.status,
      decidedAt: z.date(),
    }),
  )
  .mutation(({ ctx, input }) =>
    ctx.services.history.decideChangePoint(ctx.actor.workspaceId, ctx.actor.userId, input),
  );
