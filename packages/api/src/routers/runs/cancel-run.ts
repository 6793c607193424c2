import { ZId } from "@meshbench/contracts";
import { z } from "zod";
import { memberProcedure } from "../../trpc";

/** Marks the run cancelled; its worker stops at the next check and deletes Jobs and namespaces. */
export const cancelRun = memberProcedure
  .input(z.object({ runId: ZId }))
  .output(z.object({ cancelled: z.boolean() }))
  .mutation(({ ctx, input }) => ctx.services.scheduling.cancel(ctx.actor.workspaceId, input.runId));
