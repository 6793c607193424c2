import {
  ZBudgets,
  type TBenchmarkHistory,
  type TComparisonStatistic,
  type ZGetHistoryInput,
} from "@meshbench/contracts";
import { fingerprintId, historyMarkers, markersBetween, trendValuesOfCells } from "@meshbench/core";
import type { ChangePointDecisionRecord, HistoryRun } from "@meshbench/db";
import type { SummarisedRun } from "./history-service";
import type { z } from "zod";
import { historyChangePoints } from "./change-points";

type THistoryQuery = z.output<typeof ZGetHistoryInput>;

/** The label the demo seed puts on its made-up nightly runs. */
export const SEEDED_DEMO_LABEL = { key: "seeded", value: "demo" } as const;

/** Mesh name → version of a run: its fingerprint's, else its `mesh`/`meshVersion` labels. */
export function runMeshVersions(run: Pick<HistoryRun, "fingerprint" | "labels">) {
  const recorded = run.fingerprint?.meshVersions ?? {};
  if (Object.keys(recorded).length > 0) return recorded;
  const { mesh, meshVersion } = run.labels;
  return mesh && meshVersion ? { [mesh]: meshVersion } : {};
}

/** One series per variant × level: each included run's pooled statistic (ms). */
export function historySeries(
  runs: readonly SummarisedRun[],
  statistic: TComparisonStatistic,
  variant: string | undefined,
): TBenchmarkHistory["series"] {
  const series = new Map<string, TBenchmarkHistory["series"][number]>();
  for (const v of trendValuesOfCells(runs, statistic)) {
    if (variant && v.variant !== variant) continue;
    let s = series.get(v.cellLabel);
    if (!s) {
      const { variant: name, requestedQps, connections } = v;
      s = { label: v.cellLabel, variant: name, requestedQps, connections, points: [] };
      series.set(v.cellLabel, s);
    }
    s.points.push({ runId: v.runId, valueMs: v.value * 1e3, repetitions: v.repetitions });
  }
  return [...series.values()].sort((a, b) =>
    a.label.localeCompare(b.label, undefined, { numeric: true }),
  );
}

function budgetLines(budgets: unknown, statistic: TComparisonStatistic) {
  const parsed = ZBudgets.safeParse(budgets ?? {});
  return (parsed.success ? parsed.data.rules : []).flatMap((r) =>
    r.kind === "absolute" && r.statistic === statistic
      ? [
          {
            label: `budget ${r.statistic} ≤ ${r.maxMs} ms${r.scope.variant ? ` (${r.scope.variant})` : ""}`,
            valueMs: r.maxMs,
            variant: r.scope.variant ?? null,
          },
        ]
      : [],
  );
}

/**
 * A statistic's trend per variant and load level across a benchmark's runs: excluded runs are
 * listed (greyed by the page) but draw no point, start no marker and count in no change point;
 * mesh version and environment changes between consecutive included runs are markers, and a
 * change point across one says it coincides with it.
 */
export function buildHistory(
  benchmark: { key: string; name: string; budgets: unknown },
  runs: readonly SummarisedRun[],
  decisions: readonly ChangePointDecisionRecord[],
  input: THistoryQuery,
): TBenchmarkHistory {
  const included = runs.filter((r) => !r.exclusion);
  const markers = historyMarkers(
    included.map((r) => ({
      runId: r.id,
      meshVersions: runMeshVersions(r),
      fingerprint: r.fingerprint,
    })),
  );
  const history = {
    benchmarkKey: benchmark.key,
    benchmarkName: benchmark.name,
    statistic: input.statistic,
    runs: runs.map((r) => ({
      runId: r.id,
      title: r.title,
      createdAt: r.createdAt.toISOString(),
      gitBranch: r.gitBranch,
      gitCommit: r.gitCommit,
      tag: r.labels.tag ?? null,
      mesh: r.labels.mesh ?? null,
      meshVersion: r.labels.meshVersion ?? null,
      meshVersions: runMeshVersions(r),
      fingerprintId: r.fingerprint ? fingerprintId(r.fingerprint) : null,
      exclusion: r.exclusion,
      seededDemo: r.labels[SEEDED_DEMO_LABEL.key] === SEEDED_DEMO_LABEL.value,
    })),
    series: historySeries(included, input.statistic, input.variant),
    budgetLines: budgetLines(benchmark.budgets, input.statistic),
    markers,
  };
  const order = included.map((r) => r.id);
  const changePoints = historyChangePoints(history, decisions).map((c) => ({
    ...c,
    coincidesWith: markersBetween(markers, order, c.previousRunId, c.runId).map(
      ({ kind, label }) => ({
        kind,
        label,
      }),
    ),
  }));
  return { ...history, changePoints };
}
