import { ZBenchmarkDefinition, ZBenchmarkDetail } from "@meshbench/contracts";
import { requireScope } from "../../trpc";

/** Members, and API tokens with `benchmarks:write` (`meshbench benchmark create`). */
export const createBenchmark = requireScope("benchmarks:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/benchmarks",
      protect: true,
      tags: ["benchmarks"],
      summary: "Save a benchmark definition",
      description:
        "The body is a whole definition (what `meshbench template show <key> --json` prints). Everything " +
        "the benchmark would create on a cluster is checked against the cluster policy now (400 naming the " +
        "field) and again before a run. 409 when the key is taken. To save a template in one call, use " +
        "`POST /benchmarks/from-template`. Requires the benchmarks:write scope.",
    },
  })
  .input(ZBenchmarkDefinition)
  .output(ZBenchmarkDetail)
  .mutation(({ ctx, input }) => ctx.services.benchmarks.create(ctx.actor.workspaceId, input));
