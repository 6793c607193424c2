import { ZCalibrateClusterInput, ZCalibrateClusterOutput } from "@meshbench/contracts";
import { rateLimited, requireScope } from "../../trpc";

/**
 * "Calibrate this cluster": queues an A/A run (baseline vs an identical baseline). Members, and
 * API tokens with `runs:trigger` (it starts a run like any other: `meshbench calibrate`).
 */
export const calibrateCluster = requireScope("runs:trigger")
  .use(rateLimited("upload"))
  .meta({
    openapi: {
      method: "POST",
      path: "/clusters/{clusterId}/calibrate",
      protect: true,
      tags: ["clusters"],
      summary: "Measure the cluster's noise floor with an A/A run",
      description:
        "Queues a run of two identical baselines (`a`, `a-prime`; the given benchmark's target and matrix, " +
        "or a small default) with at least 3 repetitions. When it succeeds, its per-level 95% intervals of the " +
        "A/A delta become the band shown beside every mesh-vs-baseline delta on this cluster. Poll " +
        "`GET /runs/{runId}` for the run, then `GET /clusters/{clusterId}/noise-band`. Requires the " +
        "runs:trigger scope.",
      errorResponses: {
        404: "No such cluster (or benchmark) in this workspace",
        412: "The cluster is not ready (validate it first), or this server has no run queue",
      },
    },
  })
  .input(ZCalibrateClusterInput)
  .output(ZCalibrateClusterOutput)
  .mutation(({ ctx, input }) => ctx.services.noise.calibrate(ctx.actor.workspaceId, input));
