import { ZShareId, ZSharedView } from "@meshbench/contracts";
import { z } from "zod";
import { publicProcedure } from "../../trpc";

/** A shared run or comparison, read-only, for anyone holding the link; revoked links are gone. */
export const viewShared = publicProcedure
  .input(z.object({ id: ZShareId }))
  .output(ZSharedView)
  .query(({ ctx, input }) => ctx.services.share.view(input.id));
