import { ZCreateScheduleInput, ZSchedule } from "@meshbench/contracts";
import { auditActor, requireScope } from "../../trpc";

/** Who may start a run may schedule one: members, and tokens with `runs:trigger`. */
export const createSchedule = requireScope("runs:trigger")
  .meta({
    openapi: {
      method: "POST",
      path: "/schedules",
      protect: true,
      tags: ["schedules"],
      summary: "Schedule a benchmark on a cluster (cron expression in an IANA time zone)",
      description:
        "Name the benchmark by `benchmarkKey` (or `benchmarkId`) and the cluster by `clusterName` (or " +
        "`clusterId`). `cron` has five fields; `timezone` is an IANA name such as Europe/Berlin. Each due " +
        "time starts one run, through the same path as POST /runs; a due time whose previous run is " +
        "still active is skipped and recorded. Requires the runs:trigger scope.",
      errorResponses: {
        400: "Invalid cron expression or time zone (names the field)",
        401: "Missing or invalid token",
        403: "Missing scope, or the viewer role",
        404: "No such benchmark definition or cluster in this workspace",
        412: "The benchmark is archived",
      },
    },
  })
  .input(ZCreateScheduleInput)
  .output(ZSchedule)
  .mutation(({ ctx, input }) =>
    ctx.services.schedules.create(ctx.actor.workspaceId, input, auditActor(ctx.actor)),
  );
