import { ZId } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure, auditActor } from "../../trpc";

export const deleteCluster = adminProcedure
  .input(z.object({ clusterId: ZId }))
  .output(z.void())
  .mutation(({ ctx, input }) =>
    ctx.services.clusters.delete(ctx.actor.workspaceId, input.clusterId, auditActor(ctx.actor)),
  );
