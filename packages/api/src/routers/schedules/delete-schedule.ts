import { ZId } from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, requireScope } from "../../trpc";

/** Removes a schedule and its firing history; the runs it started stay. */
export const deleteSchedule = requireScope("runs:trigger")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/schedules/{scheduleId}",
      protect: true,
      tags: ["schedules"],
      summary: "Delete a schedule (the runs it started stay)",
      description: "Requires the runs:trigger scope.",
      errorResponses: {
        400: "Invalid schedule id",
        401: "Missing or invalid token",
        403: "Missing scope, or the viewer role",
        404: "No such schedule in this workspace",
      },
    },
  })
  .input(z.object({ scheduleId: ZId }))
  .output(z.object({ deleted: z.literal(true) }))
  .mutation(({ ctx, input }) =>
    ctx.services.schedules.delete(ctx.actor.workspaceId, input.scheduleId, auditActor(ctx.actor)),
  );
