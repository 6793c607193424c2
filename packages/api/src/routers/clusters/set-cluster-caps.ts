import { ZClusterView, ZSetClusterCapsInput } from "@meshbench/contracts";
import { auditActor, requireScope } from "../../trpc";

/** What the workspace may put on a cluster: runs at once, QPS, load generators, trial seconds. */
export const setClusterCaps = requireScope("clusters:write")
  .meta({
    openapi: {
      method: "PUT",
      path: "/clusters/{clusterId}/caps",
      protect: true,
      tags: ["clusters"],
      summary: "Set a cluster's caps",
      description:
        "Replaces the cluster's caps (maxConcurrentRuns, maxQps, maxGenerators, maxTrialSeconds; each a " +
        "positive whole number, an omitted cap is removed). Starting a run that breaks one is refused; a " +
        "capacity search stops at maxQps. Audited. Requires the admin role or the clusters:write scope.",
      successDescription: "The cluster with its new caps",
      errorResponses: {
        400: "A cap that is not a positive whole number (names the field)",
        401: "Missing or invalid token",
        403: "Missing scope or role",
        404: "No such cluster in this workspace",
      },
    },
  })
  .input(ZSetClusterCapsInput)
  .output(ZClusterView)
  .mutation(({ ctx, input }) =>
    ctx.services.clusters.setCaps(
      ctx.actor.workspaceId,
      input.clusterId,
      input.caps,
      auditActor(ctx.actor),
    ),
  );
