import { ZBenchmarkSummary } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

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
        "Requires the read scope.",
    },
  })
  .input(z.object({}).optional())
  .output(z.array(ZBenchmarkSummary))
  .query(({ ctx }) => ctx.services.benchmarks.list(ctx.actor.workspaceId));
