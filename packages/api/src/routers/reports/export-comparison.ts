import { ZComparisonState } from "@meshbench/contracts";
import { z } from "zod";
import { comparisonExport } from "@meshbench/services";
import { viewerProcedure } from "../../trpc";
import { ZExportFile, ZExportFormat } from "./export-run";

export const exportComparison = viewerProcedure
  .input(z.object({ state: ZComparisonState, format: ZExportFormat }))
  .output(ZExportFile)
  .query(async ({ ctx, input }) =>
    comparisonExport(
      await ctx.services.reports.comparison(ctx.actor.workspaceId, input.state),
      input.format,
    ),
  );
