import {
  STATISTIC_LABELS,
  type TAlertMessage,
  type TChangePoint,
  type TRunStatus,
} from "@meshbench/contracts";
import type { HistoryService } from "../history/history-service";
import type { ReportService } from "../reports/report-service";

type Context = {
  appUrl: string;
  benchmark: { key: string; name: string };
  run: { id: string; title: string; status: TRunStatus; error: string | null };
};

export type CapacityDrop = {
  variant: string;
  beforeQps: number;
  afterQps: number;
  dropPct: number;
};

const runUrl = (ctx: Context) => `${ctx.appUrl}/runs/${encodeURIComponent(ctx.run.id)}`;

/** The message of a run-level rule: failed, judged FAIL/INCONCLUSIVE, lost capacity. */
export function runMessage(
  ctx: Context,
  kind: "run_failed" | "verdict" | "capacity_drop",
  detail: string | CapacityDrop[] | null,
): TAlertMessage {
  const base = {
    kind,
    benchmarkKey: ctx.benchmark.key,
    runId: ctx.run.id,
    url: runUrl(ctx),
    seriesKey: null,
  };
  const run = `"${ctx.run.title}"`;
  const verdict = typeof detail === "string" ? detail.toUpperCase() : "";
  if (kind === "run_failed")
    return {
      ...base,
      title: `Run failed: ${ctx.benchmark.name}`,
      text: `Run ${run} failed${ctx.run.error ? `: ${ctx.run.error}` : ""}.`,
    };
  if (kind === "verdict")
    return {
      ...base,
      title: `Verdict ${verdict}: ${ctx.benchmark.name}`,
      text: `Run ${run} was judged ${verdict} against the benchmark's budgets.`,
    };
  const drops = (Array.isArray(detail) ? detail : [])
    .map((d) => `${d.variant} ${d.beforeQps} → ${d.afterQps} QPS (−${d.dropPct.toFixed(1)}%)`)
    .join("; ");
  return {
    ...base,
    title: `Capacity dropped: ${ctx.benchmark.name}`,
    text: `Run ${run} against the previous capacity run: ${drops}.`,
  };
}

/** A new change point: the series, the step, the run it starts at. */
export function changePointMessage(ctx: Context, point: TChangePoint): TAlertMessage {
  const pct =
    point.relativeChange === null
      ? ""
      : ` (${point.relativeChange >= 0 ? "+" : ""}${(point.relativeChange * 100).toFixed(1)}%)`;
  return {
    kind: "change_point",
    benchmarkKey: ctx.benchmark.key,
    runId: point.runId,
    seriesKey: point.seriesKey,
    title: `Change point: ${ctx.benchmark.name}, ${point.seriesLabel} ${STATISTIC_LABELS[point.statistic]}`,
    text: `${STATISTIC_LABELS[point.statistic]} of ${point.seriesLabel} moved from ${point.beforeMs.toFixed(2)} ms to ${point.afterMs.toFixed(2)} ms${pct}, starting at run ${point.runId}.`,
    url: `${ctx.appUrl}/benchmarks/${encodeURIComponent(ctx.benchmark.key)}/history`,
  };
}

/**
 * Per variant, how much capacity the run lost against the benchmark's previous run that has a
 * capacity report (the last 5 runs before it are looked at).
 */
export async function capacityDrops(
  deps: { history: Pick<HistoryService, "get">; reports: Pick<ReportService, "runReport"> },
  workspaceId: string,
  benchmarkKey: string,
  runId: string,
): Promise<CapacityDrop[]> {
  const current = (await deps.reports.runReport(workspaceId, runId)).capacity;
  if (!current) return [];
  const { runs } = await deps.history.get(workspaceId, {
    benchmarkKey,
    statistic: "p99",
    limit: 30,
  });
  const before = runs.map((r) => r.runId);
  const at = before.indexOf(runId);
  for (const previousId of before.slice(Math.max(0, at - 5), Math.max(0, at)).reverse()) {
    const previous = (await deps.reports.runReport(workspaceId, previousId)).capacity;
    if (!previous) continue;
    return current.variants.flatMap((v) => {
      const p = previous.variants.find((x) => x.variant === v.variant)?.capacityQps;
      if (!p || v.capacityQps === null) return [];
      const dropPct = ((p - v.capacityQps) / p) * 100;
      return dropPct > 0
        ? [{ variant: v.variant, beforeQps: p, afterQps: v.capacityQps, dropPct }]
        : [];
    });
  }
  return [];
}
