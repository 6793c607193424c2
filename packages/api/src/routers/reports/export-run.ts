import { ZId } from "@meshbench/contracts";
import { z } from "zod";
import { runExport } from "@meshbench/services";
import { viewerProcedure } from "../../trpc";

export const ZExportFormat = z.enum(["csv", "json"]);
export const ZExportFile = z.object({
  filename: z.string(),
  contentType: z.string(),
  body: z.string(),
});

export const exportRun = viewerProcedure
  .input(z.object({ runId: ZId, format: ZExportFormat }))
  .output(ZExportFile)
  .query(async ({ ctx, input }) =>
    runExport(
      await ctx.services.reports.runReport(ctx.actor.workspaceId, input.runId),
      input.format,
    ),
  );
