import { ZBudgets } from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, requireScope } from "../../trpc";

/**
 * Budgets gate CI, so only admins change them, and tokens only with `budgets:write` — a scope no
 * token may hold beside `results:write` or `runs:trigger`. Every change is audited.
 */
export const setBudgetsProcedure = requireScope("budgets:write")
  .meta({
    openapi: {
      method: "PUT",
      path: "/benchmarks/{benchmarkKey}/budgets",
      protect: true,
      tags: ["budgets"],
      summary: "Replace a benchmark's budgets (what its verdicts judge by)",
      description:
        "Absolute, overhead and regression rules (see the `Budgets` schema); CI-only benchmarks included. " +
        "Audited (`benchmark.budgets_set`). Requires the admin role or the budgets:write scope, which no " +
        "token holds together with results:write or runs:trigger.",
    },
  })
  .input(z.object({ benchmarkKey: z.string().min(1).max(64), budgets: ZBudgets }))
  .output(z.object({ benchmarkKey: z.string(), budgets: ZBudgets }))
  .mutation(({ ctx, input }) =>
    ctx.services.verdicts.setBudgets(
      ctx.actor.workspaceId,
      input.benchmarkKey,
      input.budgets,
      auditActor(ctx.actor),
    ),
  );
