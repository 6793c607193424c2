import { ZInvitation } from "@meshbench/contracts";
import { z } from "zod";
import { ownerProcedure } from "../../trpc";

export const listInvitations = ownerProcedure
  .output(z.array(ZInvitation))
  .query(({ ctx }) => ctx.services.members.listInvitations(ctx.actor.workspaceId));
