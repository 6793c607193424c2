import { ZInvitation } from "@meshbench/contracts";
import { z } from "zod";
import { ownerProcedure } from "../../trpc";

export const listInvitations = ownerProcedure
  .output(z.array(ZInvitation))
  .query(async ({ ctx }) => {
    const invitations = await ctx.services.members.listInvitations(ctx.actor.workspaceId);
    return invitations.map((i) => ({
      ...i,
      link: new URL(`/invite/${i.id}`, ctx.services.appUrl).toString(),
    }));
  });
