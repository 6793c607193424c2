import { ZRerunInput, ZRerunOutput } from "@meshbench/contracts";
import { memberProcedure } from "../../trpc";

/** "Run this again on cluster X": a benchmark from the run's snapshot, started there. */
export const rerun = memberProcedure
  .input(ZRerunInput)
  .output(ZRerunOutput)
  .mutation(({ ctx, input }) => ctx.services.bundles.rerun(ctx.actor.workspaceId, input));
