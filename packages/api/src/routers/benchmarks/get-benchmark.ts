import { ZBenchmarkDetail } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** One saved benchmark's definition by key (`meshbench benchmark get <key>`). */
export const getBenchmark = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/benchmarks/{benchmarkKey}",
      protect: true,
      tags: ["benchmarks"],
      summary: "A saved benchmark's definition, trial count and estimated duration",
      description:
        "404 for an unknown key and for benchmarks a CI upload created (they have no definition). " +
        "Requires the read scope.",
    },
  })
  .input(z.object({ benchmarkKey: z.string().min(1).max(64) }))
  .output(ZBenchmarkDetail)
  .query(({ ctx, input }) =>
    ctx.services.benchmarks.get(ctx.actor.workspaceId, input.benchmarkKey),
  );
