import { ZId } from "@meshbench/contracts";
import { z } from "zod";
import { memberProcedure } from "../../trpc";

/** Archive (hidden from lists, runs and history intact) or restore a benchmark. */
export const archiveBenchmark = memberProcedure
  .input(z.object({ benchmarkId: ZId, archived: z.boolean() }))
  .output(z.object({ benchmarkId: z.string(), archived: z.boolean() }))
  .mutation(({ ctx, input }) =>
    ctx.services.benchmarks.setArchived(ctx.actor.workspaceId, input.benchmarkId, input.archived),
  );
