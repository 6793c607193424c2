import { ZComparisonReport, ZComparisonState } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

/** The compare page's table and curves (`meshbench compare --run …`); POST for its structured body. */
export const compareRuns = viewerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/compare",
      protect: true,
      tags: ["reports"],
      summary: "Compare variants at load levels across runs",
      description:
        "`items` names up to 12 series (run, variant, level key as the run report lists it; one " +
        "repetition optionally), `reference` the index deltas are taken against. Answers the comparison " +
        "table with intervals (and the noise band when every run is on one calibrated cluster), curves " +
        "and environment differences. Reads only; requires the read scope.",
    },
  })
  .input(ZComparisonState)
  .output(ZComparisonReport)
  .query(({ ctx, input }) => ctx.services.reports.comparison(ctx.actor.workspaceId, input));
