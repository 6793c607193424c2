import { ZClusterCheckResult, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure, auditActor } from "../../trpc";

export const validateCluster = adminProcedure
  .input(z.object({ clusterId: ZId }))
  .output(ZClusterCheckResult)
  .mutation(({ ctx, input }) =>
    ctx.services.clusters.validate(ctx.actor.workspaceId, input.clusterId, auditActor(ctx.actor)),
  );
