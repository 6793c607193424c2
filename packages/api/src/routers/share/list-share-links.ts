import { ZId, ZShareLink } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const listShareLinks = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/share-links",
      protect: true,
      tags: ["share"],
      summary: "List the workspace's share links (optionally of one run)",
      description: "Revoked links stay listed with `revokedAt`. Requires the read scope.",
    },
  })
  .input(z.object({ runId: ZId.optional() }))
  .output(z.array(ZShareLink))
  .query(({ ctx, input }) =>
    ctx.services.share.list(ctx.actor.workspaceId, { runId: input.runId }),
  );
