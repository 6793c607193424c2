import { ZExportFile, ZExportFormat, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const exportRun = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}/export",
      protect: true,
      tags: ["reports"],
      summary: "Download a run's report as CSV or JSON",
      description:
        "The file the run page's download buttons give: `filename`, `contentType` and the text in `body`. " +
        "Requires the read scope.",
    },
  })
  .input(z.object({ runId: ZId, format: ZExportFormat }))
  .output(ZExportFile)
  .query(({ ctx, input }) =>
    ctx.services.exports.run(ctx.actor.workspaceId, input.runId, input.format),
  );
