import { ZCreateShareInput, ZShareLink } from "@meshbench/contracts";
import { memberProcedure } from "../../trpc";

/** Creates a public read-only link; the target must exist in the caller's workspace. */
export const createShareLink = memberProcedure
  .input(ZCreateShareInput)
  .output(ZShareLink)
  .mutation(({ ctx, input }) =>
    ctx.services.share.create(ctx.actor.workspaceId, ctx.actor.userId, input),
  );
