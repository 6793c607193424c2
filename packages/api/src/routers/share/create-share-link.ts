import { ZCreateShareInput, ZShareLink } from "@meshbench/contracts";
import { requireScope } from "../../trpc";

/**
 * Creates a public read-only link; the target must exist in the caller's workspace. Members, and
 * API tokens with `share:write` (`meshbench share create`).
 */
export const createShareLink = requireScope("share:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/share-links",
      protect: true,
      tags: ["share"],
      summary: "Create a public read-only link to a run or a comparison",
      description:
        '`{ kind: "run", runId }` or `{ kind: "comparison", comparison }` (as `POST /compare` takes ' +
        "it). Anyone holding the link sees the sanitised report at `/share/{id}`, until it is revoked. " +
        "Requires the share:write scope.",
    },
  })
  .input(ZCreateShareInput)
  .output(ZShareLink)
  .mutation(({ ctx, input }) =>
    ctx.services.share.create(ctx.actor.workspaceId, ctx.actor.userId, input),
  );
