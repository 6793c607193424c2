import { ZClusterCheckResult, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, requireScope } from "../../trpc";

/** Admins, and API tokens with `clusters:write` (`meshbench cluster validate`); audited. */
export const validateCluster = requireScope("clusters:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/clusters/{clusterId}/validate",
      protect: true,
      tags: ["clusters"],
      summary: "Check a registered cluster again: reachability, permissions, meshes",
      description:
        "Opens the stored kubeconfig under today's rules (a kubeconfig they refuse leaves the cluster " +
        "`refused`), checks the permissions of infra/rbac/meshbench-rbac.yaml and re-detects meshes. " +
        "Audited (`cluster.validated`). Requires the admin role or the clusters:write scope.",
      errorResponses: {
        404: "No such cluster in this workspace",
        412: "The stored credentials cannot be used (refused by today's rules, or none stored)",
      },
    },
  })
  .input(z.object({ clusterId: ZId }))
  .output(ZClusterCheckResult)
  .mutation(({ ctx, input }) =>
    ctx.services.clusters.validate(ctx.actor.workspaceId, input.clusterId, auditActor(ctx.actor)),
  );
