import { ZMember } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

export const listMembers = viewerProcedure
  .output(z.array(ZMember))
  .query(({ ctx }) => ctx.services.members.list(ctx.actor.workspaceId));
