import { z } from "zod";
import { requireScope } from "../../trpc";

/** Archive (hidden from lists, runs and history intact) or restore a benchmark. */
export const archiveBenchmark = requireScope("benchmarks:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/benchmarks/{benchmarkKey}/archive",
      protect: true,
      tags: ["benchmarks"],
      summary: "Archive or restore a benchmark",
      description:
        "`archived: true` hides it from lists and from running; its runs, history and verdicts stay " +
        "(benchmarks are never deleted). `archived: false` restores it. Requires the benchmarks:write scope.",
      errorResponses: { 404: "No such benchmark in this workspace" },
    },
  })
  .input(z.object({ benchmarkKey: z.string().min(1).max(64), archived: z.boolean() }))
  .output(z.object({ benchmarkKey: z.string(), archived: z.boolean() }))
  .mutation(({ ctx, input }) =>
    ctx.services.benchmarks.setArchived(ctx.actor.workspaceId, input.benchmarkKey, input.archived),
  );
