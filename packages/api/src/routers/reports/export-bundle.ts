import { ZExportFile, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** The run's reproducibility bundle as a download (no secret: placeholders only). */
export const exportBundle = viewerProcedure
  .input(z.object({ runId: ZId }))
  .output(ZExportFile)
  .query(({ ctx, input }) => ctx.services.bundles.export(ctx.actor.workspaceId, input.runId));
