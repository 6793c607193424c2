import {
  ZAlertRuleIdInput,
  ZAlertRuleView,
  ZCreateAlertRuleInput,
  ZListAlertRulesInput,
} from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, requireScope } from "../../trpc";

const openapi = (
  method: "GET" | "POST" | "DELETE",
  path: `/${string}`,
  summary: string,
  description: string,
) => ({
  openapi: { method, path, protect: true, tags: ["alerts"], summary, description },
});

/** Members (tokens: `benchmarks:write`) point a benchmark's events at a channel. */
export const createRule = requireScope("benchmarks:write")
  .meta(
    openapi(
      "POST",
      "/benchmarks/{benchmarkKey}/alert-rules",
      "Create an alert rule",
      "When a run of the benchmark fails, is judged FAIL/INCONCLUSIVE, starts a new change point (in one " +
        "series, or any at p99), or loses more than thresholdPct of capacity, the channel is told once. " +
        "Requires the benchmarks:write scope.",
    ),
  )
  .input(ZCreateAlertRuleInput)
  .output(ZAlertRuleView)
  .mutation(({ ctx, input }) =>
    ctx.services.alerts.createRule(ctx.actor.workspaceId, input, auditActor(ctx.actor)),
  );

export const listRules = requireScope("read")
  .meta(
    openapi(
      "GET",
      "/benchmarks/{benchmarkKey}/alert-rules",
      "A benchmark's alert rules",
      "Each rule with its channel's name. Requires the read scope.",
    ),
  )
  .input(ZListAlertRulesInput)
  .output(z.array(ZAlertRuleView))
  .query(({ ctx, input }) =>
    ctx.services.alerts.listRules(ctx.actor.workspaceId, input.benchmarkKey),
  );

export const deleteRule = requireScope("benchmarks:write")
  .meta(
    openapi(
      "DELETE",
      "/alert-rules/{ruleId}",
      "Delete an alert rule",
      "Its delivery log goes with it. Requires the benchmarks:write scope.",
    ),
  )
  .input(ZAlertRuleIdInput)
  .output(z.object({ ruleId: z.string() }))
  .mutation(({ ctx, input }) =>
    ctx.services.alerts.deleteRule(ctx.actor.workspaceId, input.ruleId, auditActor(ctx.actor)),
  );
