import { ZExportFile, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** The run's reproducibility bundle as a download (no secret: placeholders only). */
export const exportBundle = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}/bundle",
      protect: true,
      tags: ["reports"],
      summary: "Download a run's reproducibility bundle",
      description:
        "One versioned JSON file (`format: meshbench.bundle`, `version: 1`; schema in docs/bundle) in `body`: the definition snapshot, environment, every trial's histogram, " +
        "the noise calibration and verdict records. Secret headers travel as `<secret:name>` only. Requires the read scope.",
    },
  })
  .input(z.object({ runId: ZId }))
  .output(ZExportFile)
  .query(({ ctx, input }) => ctx.services.bundles.export(ctx.actor.workspaceId, input.runId));
