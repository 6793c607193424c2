import { ZComparisonReport, ZComparisonState } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

export const compareRuns = viewerProcedure
  .input(ZComparisonState)
  .output(ZComparisonReport)
  .query(({ ctx, input }) => ctx.services.reports.comparison(ctx.actor.workspaceId, input));
