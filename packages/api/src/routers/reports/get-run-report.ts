import { ZRunReport, ZRunReportInput } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

export const getRunReport = viewerProcedure
  .input(ZRunReportInput)
  .output(ZRunReport)
  .query(({ ctx, input }) =>
    ctx.services.reports.runReport(ctx.actor.workspaceId, input.runId, input.reference),
  );
