import { ZBenchmarkDefinition, ZBenchmarkDetail } from "@meshbench/contracts";
import { memberProcedure } from "../../trpc";

export const createBenchmark = memberProcedure
  .input(ZBenchmarkDefinition)
  .output(ZBenchmarkDetail)
  .mutation(({ ctx, input }) => ctx.services.benchmarks.create(ctx.actor.workspaceId, input));
