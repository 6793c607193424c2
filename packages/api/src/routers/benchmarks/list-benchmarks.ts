import { ZBenchmarkSummary } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** The workspace's benchmarks; archived ones only with `archived: true`. */
export const listBenchmarks = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/benchmarks",
      protect: true,
      tags: ["benchmarks"],
      summary: "List the workspace's benchmarks with their last run",
      description:
        "Benchmarks a CI upload created (`ciOnly: true`) only group uploads: key, name and last run. " +
        "Archived benchmarks are listed only with `archived=true`. Requires the read scope.",
    },
  })
  .input(z.object({ archived: z.boolean().default(false) }).optional())
  .output(z.array(ZBenchmarkSummary))
  .query(({ ctx, input }) =>
    ctx.services.benchmarks.list(ctx.actor.workspaceId, { archived: input?.archived ?? false }),
  );
