import { ZClusterNoiseBand, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const getNoiseBand = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/clusters/{clusterId}/noise-band",
      protect: true,
      tags: ["clusters"],
      summary: "The cluster's A/A noise band per level and statistic",
      description:
        "The latest calibration's state (none, pending, ready, failed) and, when ready, per calibrated " +
        "level the 95% interval of the relative A/A delta for each statistic. Requires the read scope.",
    },
  })
  .input(z.object({ clusterId: ZId }))
  .output(ZClusterNoiseBand)
  .query(({ ctx, input }) => ctx.services.noise.noiseBand(ctx.actor.workspaceId, input.clusterId));
