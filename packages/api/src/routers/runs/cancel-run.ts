import { ZId } from "@meshbench/contracts";
import { z } from "zod";
import { requireScope } from "../../trpc";

/**
 * Marks the run cancelled; its worker stops at the next check and deletes Jobs and namespaces.
 * Members, and API tokens with `runs:trigger` (who may start a run may stop it: `meshbench cancel`).
 */
export const cancelRun = requireScope("runs:trigger")
  .meta({
    openapi: {
      method: "POST",
      path: "/runs/{runId}/cancel",
      protect: true,
      tags: ["runs"],
      summary: "Cancel a queued or running run",
      description:
        "The run becomes `cancelled` at once; its worker stops before the next trial and deletes the " +
        "Jobs and namespaces it created. Trials already finished stay. Requires the runs:trigger scope.",
      successDescription: "`cancelled: true`",
      errorResponses: {
        400: "Invalid run id",
        401: "Missing or invalid token",
        403: "Missing scope, or the viewer role",
        404: "No such run in this workspace",
        409: "The run already finished (succeeded, failed or cancelled)",
      },
    },
  })
  .input(z.object({ runId: ZId }))
  .output(z.object({ cancelled: z.boolean() }))
  .mutation(({ ctx, input }) => ctx.services.scheduling.cancel(ctx.actor.workspaceId, input.runId));
