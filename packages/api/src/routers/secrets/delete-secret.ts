import { ZDeleteSecretInput } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure, auditActor } from "../../trpc";

export const deleteSecret = adminProcedure
  .input(ZDeleteSecretInput)
  .output(z.object({ name: z.string() }))
  .mutation(async ({ ctx, input }) => {
    await ctx.services.secrets.delete(ctx.actor.workspaceId, input.name, auditActor(ctx.actor));
    return { name: input.name };
  });
