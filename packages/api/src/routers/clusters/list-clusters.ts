import { ZClusterView } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const listClusters = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/clusters",
      protect: true,
      tags: ["clusters"],
      summary: "List the workspace's registered clusters",
      description:
        "Each cluster's status, nodes and detected meshes; never its credentials. Requires the read scope.",
    },
  })
  .input(z.object({}).optional())
  .output(z.array(ZClusterView))
  .query(({ ctx }) => ctx.services.clusters.list(ctx.actor.workspaceId));
