import { ZGetVerdictInput, ZVerdictRecord } from "@meshbench/contracts";
import { memberProcedure } from "../../trpc";

/** Judges the run again by today's budgets; the new record becomes its verdict. */
export const recomputeVerdictProcedure = memberProcedure
  .input(ZGetVerdictInput)
  .output(ZVerdictRecord)
  .mutation(({ ctx, input }) => ctx.services.verdicts.recompute(ctx.actor.workspaceId, input));
