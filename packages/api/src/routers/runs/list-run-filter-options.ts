import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const listRunFilterOptions = viewerProcedure
  .output(
    z.object({
      benchmarkKeys: z.array(z.string()),
      clusterNames: z.array(z.string()),
      gitBranches: z.array(z.string()),
      variants: z.array(z.string()),
    }),
  )
  .query(({ ctx }) => ctx.services.runs.listFilterOptions(ctx.actor.workspaceId));
