import { ZGetVerdictInput, ZVerdictRecord } from "@meshbench/contracts";
import { requireScope } from "../../trpc";

/**
 * Judges the run again by today's budgets; the new record becomes its verdict. Members, and
 * tokens with `results:write` (a CI job that uploads results may ask for a fresh judgement; the
 * budgets it is judged by stay an admin's).
 */
export const recomputeVerdictProcedure = requireScope("results:write")
  .meta({
    openapi: {
      method: "POST",
      path: "/runs/{runId}/verdict/recompute",
      protect: true,
      tags: ["verdicts"],
      summary: "Judge a run again by today's budgets",
      description:
        "Stores a new verdict record (the old ones stay, listed by GET /runs/{runId}/verdicts) and returns it. " +
        "Requires the results:write scope.",
      errorResponses: {
        404: "No such run in this workspace",
        412: "The benchmark's stored budgets are invalid (set them again)",
      },
    },
  })
  .input(ZGetVerdictInput)
  .output(ZVerdictRecord)
  .mutation(({ ctx, input }) => ctx.services.verdicts.recompute(ctx.actor.workspaceId, input));
