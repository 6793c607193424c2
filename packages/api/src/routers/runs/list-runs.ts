import { ZListRunsInput, ZRunListPage } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

/** The workspace's runs, newest first, a page at a time (the runs page; `GET /runs`). */
export const listRuns = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs",
      protect: true,
      tags: ["runs"],
      summary: "List runs, newest first, filtered and paged",
      description:
        "Filters (all optional, combined with AND): benchmarkKey, clusterName, variant, status, source, " +
        "gitBranch. `limit` (1–100, default 25) runs per page; pass the answer's `nextCursor` as `cursor` " +
        "for the next page (null: the last page). Requires the read scope.",
      errorResponses: {
        400: "A filter, limit or cursor that cannot be read (names the field)",
        401: "Missing or invalid token",
        403: "Missing scope",
      },
    },
  })
  .input(ZListRunsInput)
  .output(ZRunListPage)
  .query(({ ctx, input }) => ctx.services.runs.list(ctx.actor.workspaceId, input));
