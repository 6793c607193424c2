import { ZPutHeaderSecretInput, ZWorkspaceSecretView } from "@meshbench/contracts";
import { adminProcedure, auditActor } from "../../trpc";

/** Creates or replaces a header secret; the value is sealed at once and never returned. */
export const putSecret = adminProcedure
  .input(ZPutHeaderSecretInput)
  .output(ZWorkspaceSecretView)
  .mutation(({ ctx, input }) =>
    ctx.services.secrets.put(ctx.actor.workspaceId, input, auditActor(ctx.actor)),
  );
