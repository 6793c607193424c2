import { ZId, ZVerdictRecord } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** Every stored judgement of a run, newest first. */
export const listVerdictRecordsProcedure = viewerProcedure
  .input(z.object({ runId: ZId }))
  .output(z.array(ZVerdictRecord))
  .query(({ ctx, input }) => ctx.services.verdicts.records(ctx.actor.workspaceId, input.runId));
