import { ZId, ZRunListItem, ZRunSource, ZRunStatus } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

const ZFilterText = z.string().trim().min(1).max(120).optional();

export const ZListRunsInput = z.object({
  limit: z.number().int().min(1).max(100).default(25),
  cursor: ZId.nullish(),
  filter: z
    .object({
      benchmarkKey: ZFilterText,
      clusterName: ZFilterText,
      variant: ZFilterText,
      status: ZRunStatus.optional(),
      source: ZRunSource.optional(),
      gitBranch: ZFilterText,
    })
    .optional(),
});

export const listRuns = viewerProcedure
  .input(ZListRunsInput)
  .output(z.object({ items: z.array(ZRunListItem), nextCursor: z.string().nullable() }))
  .query(({ ctx, input }) => ctx.services.runs.list(ctx.actor.workspaceId, input));
