import { ZBenchmarkSummary } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const listBenchmarks = viewerProcedure
  .output(z.array(ZBenchmarkSummary))
  .query(({ ctx }) => ctx.services.benchmarks.list(ctx.actor.workspaceId));
