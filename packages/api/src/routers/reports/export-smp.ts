import { ZExportFile, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** The run's trials as Service Mesh Performance (SMP) result JSON, via formats' exporter. */
export const exportSmp = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}/export/smp",
      protect: true,
      tags: ["reports"],
      summary: "Download a run's trials as Service Mesh Performance (SMP) JSON",
      description: "One SMP result per trial, latencies in the SMP units. Requires the read scope.",
    },
  })
  .input(z.object({ runId: ZId }))
  .output(ZExportFile)
  .query(({ ctx, input }) => ctx.services.exports.smp(ctx.actor.workspaceId, input.runId));
