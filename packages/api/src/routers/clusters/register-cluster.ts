import { ZClusterValidation, ZClusterView, ZRegisterClusterInput } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure, auditActor } from "../../trpc";

export const registerCluster = adminProcedure
  .input(ZRegisterClusterInput)
  .output(z.object({ cluster: ZClusterView, validation: ZClusterValidation }))
  .mutation(({ ctx, input }) =>
    ctx.services.clusters.register(ctx.actor.workspaceId, input, auditActor(ctx.actor)),
  );
