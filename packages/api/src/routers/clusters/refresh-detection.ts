import { ZId, ZMeshDetection } from "@meshbench/contracts";
import { z } from "zod";
import { memberProcedure } from "../../trpc";

export const refreshDetection = memberProcedure
  .input(z.object({ clusterId: ZId }))
  .output(ZMeshDetection)
  .mutation(({ ctx, input }) =>
    ctx.services.clusters.refreshDetection(ctx.actor.workspaceId, input.clusterId),
  );
