import { ZBudgets } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const getBudgetsProcedure = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/benchmarks/{benchmarkKey}/budgets",
      protect: true,
      tags: ["budgets"],
      summary: "A benchmark's budgets",
      description:
        "The rules its verdicts judge by (defaults when none were set). Requires the read scope.",
      errorResponses: {
        404: "No such benchmark in this workspace",
        412: "The stored budgets are invalid (set them again)",
      },
    },
  })
  .input(z.object({ benchmarkKey: z.string().min(1).max(64) }))
  .output(z.object({ benchmarkKey: z.string(), budgets: ZBudgets }))
  .query(({ ctx, input }) =>
    ctx.services.verdicts.budgets(ctx.actor.workspaceId, input.benchmarkKey),
  );
