import { ZId, ZVerdictRecord } from "@meshbench/contracts";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** Every stored judgement of a run, newest first. */
export const listVerdictRecordsProcedure = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}/verdicts",
      protect: true,
      tags: ["verdicts"],
      summary: "Every stored verdict of a run",
      description:
        "Each judgement stored for the run, newest first, with the budgets as judged. Requires the read scope.",
    },
  })
  .input(z.object({ runId: ZId }))
  .output(z.array(ZVerdictRecord))
  .query(({ ctx, input }) => ctx.services.verdicts.records(ctx.actor.workspaceId, input.runId));
