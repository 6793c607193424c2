import { ZRunExclusion, ZRunIdInput } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

export const getRunExclusion = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}/exclusion",
      protect: true,
      tags: ["history"],
      summary: "Whether a run is excluded from history, and why",
      description: "The exclusion (reason, when, by whom) or null. Requires the read scope.",
    },
  })
  .input(ZRunIdInput)
  .output(ZRunExclusion.nullable())
  .query(({ ctx, input }) =>
    ctx.services.history.exclusions.get(ctx.actor.workspaceId, input.runId),
  );
