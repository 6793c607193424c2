import { ZGetVerdictInput, ZVerdict } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";
import { getVerdict } from "./verdict-service";

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
      },
    },
  })
  .input(ZGetVerdictInput)
  .output(ZVerdict)
  .query(({ ctx, input }) => getVerdict(ctx.services, ctx.actor.workspaceId, input));
