import { ZId, ZRunListItem } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const ZListRunsInput = z.object({
  limit: z.number().int().min(1).max(100).default(25),
  cursor: ZId.nullish(),
});

export const listRuns = viewerProcedure
  .input(ZListRunsInput)
  .output(z.object({ items: z.array(ZRunListItem), nextCursor: z.string().nullable() }))
  .query(({ ctx, input }) => ctx.services.runs.list(ctx.actor.workspaceId, input));
