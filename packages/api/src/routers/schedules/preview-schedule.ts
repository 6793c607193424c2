import { ZPreviewScheduleOutput, ZScheduleTiming } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

/** The next five due times of a cron expression in a time zone (the form's preview). */
export const previewSchedule = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/schedules/preview",
      protect: true,
      tags: ["schedules"],
      summary: "Preview the next five due times of a cron expression in a time zone",
      description:
        "400 names `cron` or `timezone` when it cannot be read. Nothing is stored. Requires the read scope.",
    },
  })
  .input(ZScheduleTiming)
  .output(ZPreviewScheduleOutput)
  .query(({ ctx, input }) => ctx.services.schedules.preview(input));
