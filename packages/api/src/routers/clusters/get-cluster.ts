import { ZClusterView, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const getCluster = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/clusters/{clusterId}",
      protect: true,
      tags: ["clusters"],
      summary: "One registered cluster",
      description:
        "Its status, last validation, nodes and detected meshes; never its credentials. Requires the read scope.",
    },
  })
  .input(z.object({ clusterId: ZId }))
  .output(ZClusterView)
  .query(({ ctx, input }) => ctx.services.clusters.get(ctx.actor.workspaceId, input.clusterId));
