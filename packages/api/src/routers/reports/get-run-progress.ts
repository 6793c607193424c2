import { ZId, ZRunProgress } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** Polled by the run page while the run is queued or running. */
export const getRunProgress = viewerProcedure
  .input(z.object({ runId: ZId }))
  .output(ZRunProgress)
  .query(({ ctx, input }) => ctx.services.reports.progress(ctx.actor.workspaceId, input.runId));
