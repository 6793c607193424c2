import { ZBenchmarkDetail, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const getBenchmark = viewerProcedure
  .input(z.object({ benchmarkId: ZId }))
  .output(ZBenchmarkDetail)
  .query(({ ctx, input }) => ctx.services.benchmarks.get(ctx.actor.workspaceId, input.benchmarkId));
