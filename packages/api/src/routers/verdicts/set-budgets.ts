import { ZBudgets } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure } from "../../trpc";

/** Budgets gate CI, so only admins change them (API tokens cannot). */
export const setBudgetsProcedure = adminProcedure
  .input(z.object({ benchmarkKey: z.string().min(1).max(63), budgets: ZBudgets }))
  .output(z.object({ benchmarkKey: z.string(), budgets: ZBudgets }))
  .mutation(({ ctx, input }) =>
    ctx.services.verdicts.setBudgets(ctx.actor.workspaceId, input.benchmarkKey, input.budgets),
  );
