import { ZGetVerdictInput, ZVerdict } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

export const getVerdictProcedure = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}/verdict",
      protect: true,
      tags: ["verdicts"],
      summary: "Judge a run or upload against its benchmark's budgets",
      description:
        "pass | fail | inconclusive, with every reason, effect sizes and intervals. Requires the read scope.",
      errorResponses: {
        401: "Missing or invalid token",
        403: "Missing scope",
        404: "No such run in this workspace",
        412: "The benchmark's stored budgets are invalid (set them again)",
      },
    },
  })
  .input(ZGetVerdictInput)
  .output(ZVerdict)
  .query(({ ctx, input }) => ctx.services.verdicts.get(ctx.actor.workspaceId, input));
