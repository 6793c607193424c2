import { ZBudgets } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** A benchmark's budgets as stored (null and `invalid` when they no longer parse). */
export const getBudgetsProcedure = viewerProcedure
  .input(z.object({ benchmarkKey: z.string().min(1).max(64) }))
  .output(
    z.object({ benchmarkKey: z.string(), budgets: ZBudgets.nullable(), invalid: z.boolean() }),
  )
  .query(({ ctx, input }) =>
    ctx.services.verdicts.budgets(ctx.actor.workspaceId, input.benchmarkKey),
  );
