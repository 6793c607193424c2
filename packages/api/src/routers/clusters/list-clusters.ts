import { ZClusterView } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const listClusters = viewerProcedure
  .output(z.array(ZClusterView))
  .query(({ ctx }) => ctx.services.clusters.list(ctx.actor.workspaceId));
