import { ZClusterView, ZId } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const getCluster = viewerProcedure
  .input(z.object({ clusterId: ZId }))
  .output(ZClusterView)
  .query(({ ctx, input }) => ctx.services.clusters.get(ctx.actor.workspaceId, input.clusterId));
