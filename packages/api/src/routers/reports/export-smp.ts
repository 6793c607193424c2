import { DomainError, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { smpExport } from "@meshbench/services";
import { viewerProcedure } from "../../trpc";
import { ZExportFile } from "./export-run";

/** The run's trials as Service Mesh Performance (SMP) result JSON, via formats' exporter. */
export const exportSmp = viewerProcedure
  .input(z.object({ runId: ZId }))
  .output(ZExportFile)
  .query(async ({ ctx, input }) => {
    const run = await ctx.services.runs.get(ctx.actor.workspaceId, input.runId);
    if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
    return smpExport(run);
  });
