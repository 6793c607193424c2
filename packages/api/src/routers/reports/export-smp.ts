import { ZExportFile, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** The run's trials as Service Mesh Performance (SMP) result JSON, via formats' exporter. */
export const exportSmp = viewerProcedure
  .input(z.object({ runId: ZId }))
  .output(ZExportFile)
  .query(({ ctx, input }) => ctx.services.exports.smp(ctx.actor.workspaceId, input.runId));
