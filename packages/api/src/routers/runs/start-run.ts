import { ZId } from "@meshbench/contracts";
import { z } from "zod";
import { memberProcedure } from "../../trpc";

export const startRun = memberProcedure
  .input(
    z.object({ benchmarkId: ZId, clusterId: ZId, title: z.string().min(1).max(200).nullish() }),
  )
  .output(
    z.object({ runId: z.string(), trialsTotal: z.number().int(), estimatedSeconds: z.number() }),
  )
  .mutation(({ ctx, input }) => ctx.services.scheduling.start(ctx.actor.workspaceId, input));
