import { ZRerunPlan, ZRerunPlanInput } from "@meshbench/contracts";
import { requireScope } from "../../trpc";

/** What would differ if the run ran again on a cluster, listed before anything starts. */
export const planRerun = requireScope("runs:trigger")
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}/rerun-plan",
      protect: true,
      tags: ["bundles"],
      summary: "What running this again on a cluster would change",
      description:
        "The cluster's fingerprint differences from the run's (nodes, Kubernetes and mesh versions), notes on " +
        "what is unknown or missing (secrets), and the free key the new benchmark would get. Requires the runs:trigger scope.",
    },
  })
  .input(ZRerunPlanInput)
  .output(ZRerunPlan)
  .query(({ ctx, input }) => ctx.services.bundles.rerunPlan(ctx.actor.workspaceId, input));
