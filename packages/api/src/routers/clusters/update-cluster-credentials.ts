import { ZClusterCheckResult, ZUpdateClusterCredentialsInput } from "@meshbench/contracts";
import { auditActor, requireScope } from "../../trpc";

/** "Update credentials": a rotated token without losing the cluster's runs and calibrations. */
export const updateClusterCredentials = requireScope("clusters:write")
  .meta({
    openapi: {
      method: "PUT",
      path: "/clusters/{clusterId}/credentials",
      protect: true,
      tags: ["clusters"],
      summary: "Replace a registered cluster's kubeconfig (e.g. a rotated token)",
      description:
        "Checks and validates the new kubeconfig like a registration, then replaces the sealed one; the " +
        "cluster keeps its id, runs and noise calibrations. Requires the admin role or the clusters:write scope.",
      successDescription: "The cluster with its new status and the validation report",
      errorResponses: {
        400: "Invalid input or kubeconfig (names the field)",
        401: "Missing or invalid token",
        403: "Missing scope or role",
        404: "No such cluster in this workspace",
      },
    },
  })
  .input(ZUpdateClusterCredentialsInput)
  .output(ZClusterCheckResult)
  .mutation(({ ctx, input }) =>
    ctx.services.clusters.updateCredentials(
      ctx.actor.workspaceId,
      input.clusterId,
      { kubeconfig: input.kubeconfig, context: input.context },
      auditActor(ctx.actor),
    ),
  );
