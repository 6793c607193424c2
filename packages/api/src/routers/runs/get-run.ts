import { DomainError, ZId, ZRunDetail } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const getRun = viewerProcedure
  .input(z.object({ runId: ZId }))
  .output(ZRunDetail)
  .query(async ({ ctx, input }) => {
    const run = await ctx.services.runs.get(ctx.actor.workspaceId, input.runId);
    if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
    return run;
  });
