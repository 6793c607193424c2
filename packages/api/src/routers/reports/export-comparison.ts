import { ZComparisonState, ZExportFile, ZExportFormat } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const exportComparison = viewerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/compare/export",
      protect: true,
      tags: ["reports"],
      summary: "Download a comparison as CSV or JSON",
      description: "`state` as `POST /compare` takes it. Reads only; requires the read scope.",
    },
  })
  .input(z.object({ state: ZComparisonState, format: ZExportFormat }))
  .output(ZExportFile)
  .query(({ ctx, input }) =>
    ctx.services.exports.comparison(ctx.actor.workspaceId, input.state, input.format),
  );
