import { ZComparisonState, ZExportFile, ZExportFormat } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const exportComparison = viewerProcedure
  .input(z.object({ state: ZComparisonState, format: ZExportFormat }))
  .output(ZExportFile)
  .query(({ ctx, input }) =>
    ctx.services.exports.comparison(ctx.actor.workspaceId, input.state, input.format),
  );
