import { ZSchedule, ZUpdateScheduleInput } from "@meshbench/contracts";
import { auditActor, requireScope } from "../../trpc";

/** A new timing, or enabled/disabled (`meshbench schedule enable|disable`). */
export const updateSchedule = requireScope("runs:trigger")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/schedules/{scheduleId}",
      protect: true,
      tags: ["schedules"],
      summary: "Change a schedule's timing, or enable or disable it",
      description:
        "Enabling it again or changing its timing starts due times from now: the time it was off is not " +
        "caught up. Requires the runs:trigger scope.",
      errorResponses: {
        400: "Invalid cron expression or time zone (names the field)",
        401: "Missing or invalid token",
        403: "Missing scope, or the viewer role",
        404: "No such schedule in this workspace",
      },
    },
  })
  .input(ZUpdateScheduleInput)
  .output(ZSchedule)
  .mutation(({ ctx, input }) =>
    ctx.services.schedules.update(ctx.actor.workspaceId, input, auditActor(ctx.actor)),
  );
