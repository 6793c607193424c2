import { ZShareId } from "@meshbench/contracts";
import { z } from "zod";
import { requireScope } from "../../trpc";

/** Members, and API tokens with `share:write` (`meshbench share revoke`). */
export const revokeShareLink = requireScope("share:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/share-links/{id}/revoke",
      protect: true,
      tags: ["share"],
      summary: "Revoke a share link",
      description: "The link answers 404 from then on. Requires the share:write scope.",
    },
  })
  .input(z.object({ id: ZShareId }))
  .output(z.object({ revoked: z.literal(true) }))
  .mutation(({ ctx, input }) => ctx.services.share.revoke(ctx.actor.workspaceId, input.id));
