import { ZId, ZRunDetail } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const getRun = viewerProcedure
  .input(z.object({ runId: ZId }))
  .output(ZRunDetail)
  .query(({ ctx, input }) => ctx.services.runs.get(ctx.actor.workspaceId, input.runId));
