import { ZApiToken } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure } from "../../trpc";

export const listTokens = adminProcedure
  .output(z.array(ZApiToken))
  .query(({ ctx }) => ctx.services.tokens.list(ctx.actor.workspaceId));
