import { ZListSchedulesInput, ZSchedule } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** The workspace's schedules (of one benchmark when named), with next runs and latest firings. */
export const listSchedules = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/schedules",
      protect: true,
      tags: ["schedules"],
      summary: "List schedules with their next five due times and latest firings",
      description:
        "Filter by `benchmarkKey` (or `benchmarkId`). Each firing says whether its due time fired a run, " +
        "was skipped because the schedule's previous run was still active, or failed. Requires the read scope.",
    },
  })
  .input(ZListSchedulesInput.optional())
  .output(z.array(ZSchedule))
  .query(({ ctx, input }) => ctx.services.schedules.list(ctx.actor.workspaceId, input ?? {}));
