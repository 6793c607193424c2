import { ZBenchmarkSummary } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** The workspace's benchmarks; archived ones only with `archived: true`. */
export const listBenchmarks = viewerProcedure
  .input(z.object({ archived: z.boolean().default(false) }).optional())
  .output(z.array(ZBenchmarkSummary))
  .query(({ ctx, input }) =>
    ctx.services.benchmarks.list(ctx.actor.workspaceId, { archived: input?.archived ?? false }),
  );
