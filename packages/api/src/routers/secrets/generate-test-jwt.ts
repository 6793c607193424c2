import { ZDeleteSecretInput, ZTemplateJwt } from "@meshbench/contracts";
import { adminProcedure, auditActor } from "../../trpc";

/**
 * A test key pair and the token it signs, for a template's RequestAuthentication: the token is
 * stored as the header secret `name`; the answer is what the template needs (issuer, public JWKS).
 */
export const generateTestJwt = adminProcedure
  .input(ZDeleteSecretInput)
  .output(ZTemplateJwt)
  .mutation(({ ctx, input }) =>
    ctx.services.secrets.generateTestJwt(ctx.actor.workspaceId, input.name, auditActor(ctx.actor)),
  );
