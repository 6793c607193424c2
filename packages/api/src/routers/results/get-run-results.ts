import { ZId, ZRunResults } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const getRunResultsProcedure = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}",
      protect: true,
      tags: ["runs"],
      summary: "A run's status, progress and per-trial results",
      description:
        "Latencies in milliseconds. Poll this while a triggered run is queued or running. Requires the read scope.",
      errorResponses: {
        401: "Missing or invalid token",
        403: "Missing scope",
        404: "No such run in this workspace",
      },
    },
  })
  .input(z.object({ runId: ZId }))
  .output(ZRunResults)
  .query(({ ctx, input }) => ctx.services.results.getRun(ctx.actor.workspaceId, input.runId));
