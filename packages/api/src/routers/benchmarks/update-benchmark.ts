import { ZBenchmarkDefinition, ZBenchmarkDetail } from "@meshbench/contracts";
import { z } from "zod";
import { requireScope } from "../../trpc";

/** Members, and API tokens with `benchmarks:write` (`meshbench benchmark update`). */
export const updateBenchmark = requireScope("benchmarks:write")
  .meta({
    openapi: {
      method: "PUT",
      path: "/benchmarks/{benchmarkKey}",
      protect: true,
      tags: ["benchmarks"],
      summary: "Replace a saved benchmark's definition",
      description:
        "Checked like a new definition (400 naming the field); `definition.key` may differ from the path's " +
        "key to rename it (409 when taken). Requires the benchmarks:write scope.",
    },
  })
  .input(z.object({ benchmarkKey: z.string().min(1).max(64), definition: ZBenchmarkDefinition }))
  .output(ZBenchmarkDetail)
  .mutation(({ ctx, input }) =>
    ctx.services.benchmarks.update(ctx.actor.workspaceId, input.benchmarkKey, input.definition),
  );
