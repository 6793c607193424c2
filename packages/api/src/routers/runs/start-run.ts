import { ZStartRunInput, ZStartRunOutput } from "@meshbench/contracts";
import { rateLimited, requireScope } from "../../trpc";

/** Members, and API tokens with `runs:trigger` (the CLI's `meshbench run`), as documented. */
export const startRun = requireScope("runs:trigger")
  .use(rateLimited("upload"))
  .meta({
    openapi: {
      method: "POST",
      path: "/runs",
      protect: true,
      tags: ["runs"],
      summary: "Schedule a saved benchmark on a registered cluster",
      description:
        "Name the benchmark by `benchmarkKey` (or `benchmarkId`) and the cluster by `clusterName` (or `clusterId`). " +
        "The run is queued for the workers; poll `GET /runs/{runId}` for progress and `GET /runs/{runId}/verdict` " +
        "once it succeeded. Requires the runs:trigger scope.",
      successDescription: "The queued run's id, its trial count and an estimated duration",
      errorResponses: {
        400: "Invalid input (names the field)",
        401: "Missing or invalid token",
        403: "Missing scope",
        404: "No such benchmark definition or cluster in this workspace",
        412: "The cluster is not ready, or this server has no run queue",
        429: "Rate limited",
      },
    },
  })
  .input(ZStartRunInput)
  .output(ZStartRunOutput)
  .mutation(({ ctx, input }) => ctx.services.scheduling.start(ctx.actor.workspaceId, input));
