import { ZRerunPlan, ZRerunPlanInput } from "@meshbench/contracts";
import { memberProcedure } from "../../trpc";

/** What would differ if the run ran again on a cluster, listed before anything starts. */
export const planRerun = memberProcedure
  .input(ZRerunPlanInput)
  .output(ZRerunPlan)
  .query(({ ctx, input }) => ctx.services.bundles.rerunPlan(ctx.actor.workspaceId, input));
