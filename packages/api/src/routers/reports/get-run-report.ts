import { ZRunReport, ZRunReportInput } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

/** Everything the run page renders, as JSON (`meshbench report <runId>`). */
export const getRunReport = viewerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/runs/{runId}/report",
      protect: true,
      tags: ["reports"],
      summary: "A run's report: what its page shows, as JSON",
      description:
        "Per load level and variant: pooled percentiles (seconds) with deltas against the reference " +
        "variant, their bootstrap intervals and the cluster's noise band; load curves, resources, " +
        "validity flags, failures and the environment (no endpoints or credentials). `reference` picks " +
        "the variant deltas are taken against (the run's baseline otherwise). Requires the read scope.",
    },
  })
  .input(ZRunReportInput)
  .output(ZRunReport)
  .query(({ ctx, input }) =>
    ctx.services.reports.runReport(ctx.actor.workspaceId, input.runId, input.reference),
  );
