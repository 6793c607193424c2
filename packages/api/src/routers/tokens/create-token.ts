import { ZApiToken, ZCreateApiTokenInput } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure, auditActor } from "../../trpc";

/** The token is in this response only; the database keeps its SHA-256. */
export const createToken = adminProcedure
  .input(ZCreateApiTokenInput)
  .output(ZApiToken.extend({ token: z.string() }))
  .mutation(({ ctx, input }) =>
    ctx.services.tokens.create(ctx.actor.workspaceId, input, auditActor(ctx.actor)),
  );
