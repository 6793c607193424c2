import { ZId, ZTrialRateSeries } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** One trial's throughput over time, loaded when the run page selects the trial. */
export const getTrialRateSeries = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}/trials/{trialId}/rate-series",
      protect: true,
      tags: ["runs"],
      summary: "A trial's throughput over time",
      description:
        "Per-second requests and errors of one trial (null when its source had no per-request records), " +
        "its mean rate and the seconds below half of it (warm-up, stalls, the last partial second). " +
        "Requires the read scope.",
    },
  })
  .input(z.object({ runId: ZId, trialId: ZId }))
  .output(ZTrialRateSeries)
  .query(({ ctx, input }) =>
    ctx.services.runs.trialRateSeries(ctx.actor.workspaceId, input.runId, input.trialId),
  );
