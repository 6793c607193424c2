import { ZBenchmarkDefinition, ZBenchmarkDetail, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { memberProcedure } from "../../trpc";

export const updateBenchmark = memberProcedure
  .input(z.object({ benchmarkId: ZId, definition: ZBenchmarkDefinition }))
  .output(ZBenchmarkDetail)
  .mutation(({ ctx, input }) =>
    ctx.services.benchmarks.update(ctx.actor.workspaceId, input.benchmarkId, input.definition),
  );
