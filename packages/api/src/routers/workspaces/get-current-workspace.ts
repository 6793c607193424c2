import { ZRole } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** The caller's active workspace and role, plus the other workspaces a session caller belongs to. */
export const getCurrentWorkspace = viewerProcedure
  .output(
    z.object({
      id: z.string(),
      slug: z.string(),
      name: z.string(),
      role: ZRole,
      via: z.enum(["session", "token", "local"]),
      workspaces: z.array(
        z.object({ id: z.string(), slug: z.string(), name: z.string(), role: ZRole }),
      ),
    }),
  )
  .query(async ({ ctx }) => {
    const { actor } = ctx;
    const mine = actor.userId ? await ctx.services.members.workspacesOf(actor.userId) : [];
    const current =
      mine.find((w) => w.id === actor.workspaceId) ??
      (await ctx.services.workspaces.getById(actor.workspaceId));
    return {
      id: actor.workspaceId,
      slug: current?.slug ?? "",
      name: current?.name ?? "",
      role: actor.role,
      via: actor.via,
      workspaces: mine,
    };
  });
