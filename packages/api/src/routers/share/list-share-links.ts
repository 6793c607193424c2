import { ZId, ZShareLink } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const listShareLinks = viewerProcedure
  .input(z.object({ runId: ZId.optional() }))
  .output(z.array(ZShareLink))
  .query(({ ctx, input }) =>
    ctx.services.share.list(ctx.actor.workspaceId, { runId: input.runId }),
  );
