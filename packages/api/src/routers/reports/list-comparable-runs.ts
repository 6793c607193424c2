import { ZComparableRun } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const listComparableRuns = viewerProcedure
  .input(z.object({ limit: z.number().int().min(1).max(25).default(10) }))
  .output(z.array(ZComparableRun))
  .query(({ ctx, input }) =>
    ctx.services.reports.comparableRuns(ctx.actor.workspaceId, input.limit),
  );
