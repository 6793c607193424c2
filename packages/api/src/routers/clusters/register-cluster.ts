import { ZClusterCheckResult, ZRegisterClusterInput } from "@meshbench/contracts";
import { auditActor, requireScope } from "../../trpc";

/** Admins, and API tokens with `clusters:write` (`meshbench cluster connect --register`). */
export const registerCluster = requireScope("clusters:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/clusters",
      protect: true,
      tags: ["clusters"],
      summary: "Register a cluster with an inline-credential kubeconfig",
      description:
        "Stores the kubeconfig sealed (never returned), checks that the API server is reachable and that the " +
        "credentials hold the permissions of infra/rbac/meshbench-rbac.yaml, and detects installed meshes. " +
        "The cluster is registered even when unreachable or missing permissions: its `status` and the " +
        "validation's `missing` list say what to fix. `meshbench cluster connect` builds such a kubeconfig " +
        "for a least-privilege service account. Requires the admin role or the clusters:write scope.",
      successDescription: "The registered cluster and its validation report",
      errorResponses: {
        400: "Invalid input or kubeconfig (names the field)",
        401: "Missing or invalid token",
        403: "Missing scope or role",
        409: "A cluster with this name exists in the workspace",
      },
    },
  })
  .input(ZRegisterClusterInput)
  .output(ZClusterCheckResult)
  .mutation(({ ctx, input }) =>
    ctx.services.clusters.register(ctx.actor.workspaceId, input, auditActor(ctx.actor)),
  );
