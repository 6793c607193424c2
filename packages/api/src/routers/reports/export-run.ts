import { ZExportFile, ZExportFormat, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const exportRun = viewerProcedure
  .input(z.object({ runId: ZId, format: ZExportFormat }))
  .output(ZExportFile)
  .query(({ ctx, input }) =>
    ctx.services.exports.run(ctx.actor.workspaceId, input.runId, input.format),
  );
