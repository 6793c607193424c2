import {
  DomainError,
  ZBudgets,
  type TBenchmarkHistory,
  type TDecideChangePointInput,
  type ZGetHistoryInput,
} from "@meshbench/contracts";
import type { z } from "zod";
import { trendCells, trendValuesOfCells, type TrendCell } from "@meshbench/core";
import type {
  BenchmarkRepository,
  ChangePointDecisionRepository,
  HistoryRepository,
} from "@meshbench/db";
import { historyChangePoints } from "./change-points";

type Deps = {
  benchmarks: BenchmarkRepository;
  history: HistoryRepository;
  decisions: ChangePointDecisionRepository;
};
type THistoryQuery = z.output<typeof ZGetHistoryInput>;

export function createHistoryService(deps: Deps) {
  return {
    get: (workspaceId: string, input: THistoryQuery) => getHistory(deps, workspaceId, input),
    /** Confirms or dismisses a detected change point (kept either way; dismissed ones greyed). */
    async decideChangePoint(
      workspaceId: string,
      decidedByUserId: string | null,
      input: TDecideChangePointInput,
    ) {
      const benchmark = await deps.benchmarks.getBudgets(workspaceId, input.benchmarkKey);
      if (!benchmark) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkKey");
      if (!(await deps.decisions.runOfBenchmark(workspaceId, input.benchmarkKey, input.runId)))
        throw new DomainError("NOT_FOUND", "No such run of this benchmark", "runId");
      const d = await deps.decisions.decide(workspaceId, { ...input, decidedByUserId });
      return { seriesKey: d.seriesKey, runId: d.runId, status: d.status, decidedAt: d.decidedAt };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;

/**
 * Every run with its per-cell statistics: stored ones as they are, the rest computed from their
 * trials once and saved (runs summarised before this existed, scheduled runs just finished).
 */
async function withCells(
  history: HistoryRepository,
  runs: readonly { id: string; cells: TrendCell[] | null }[],
): Promise<{ id: string; cells: TrendCell[] }[]> {
  const missing = runs.filter((r) => r.cells === null).map((r) => r.id);
  const trials = await history.succeededTrials(missing);
  const computed = missing.map((runId) => ({ runId, cells: trendCells(trials.get(runId) ?? []) }));
  await history.saveCellSummaries(computed);
  const byRun = new Map(computed.map((c) => [c.runId, c.cells]));
  return runs.map((r) => ({ id: r.id, cells: r.cells ?? byRun.get(r.id) ?? [] }));
}

/** A statistic's trend per variant and load level across a benchmark's runs, with budget lines. */
async function getHistory(
  services: Deps,
  workspaceId: string,
  input: THistoryQuery,
): Promise<TBenchmarkHistory> {
  const benchmark = await services.benchmarks.getBudgets(workspaceId, input.benchmarkKey);
  if (!benchmark) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkKey");
  const runs = await services.history.listBenchmarkRuns(workspaceId, input.benchmarkKey, {
    limit: input.limit,
    gitBranch: input.gitBranch,
  });
  const values = trendValuesOfCells(
    await withCells(services.history, runs),
    input.statistic,
  ).filter((v) => !input.variant || v.variant === input.variant);
  const series = new Map<string, TBenchmarkHistory["series"][number]>();
  for (const v of values) {
    let s = series.get(v.cellLabel);
    if (!s) {
      s = {
        label: v.cellLabel,
        variant: v.variant,
        requestedQps: v.requestedQps,
        connections: v.connections,
        points: [],
      };
      series.set(v.cellLabel, s);
    }
    s.points.push({ runId: v.runId, valueMs: v.value * 1e3, repetitions: v.repetitions });
  }
  const budgets = ZBudgets.safeParse(benchmark.budgets ?? {});
  const budgetLines = (budgets.success ? budgets.data.rules : []).flatMap((r) =>
    r.kind === "absolute" && r.statistic === input.statistic
      ? [
          {
            label: `budget ${r.statistic} ≤ ${r.maxMs} ms${r.scope.variant ? ` (${r.scope.variant})` : ""}`,
            valueMs: r.maxMs,
            variant: r.scope.variant ?? null,
          },
        ]
      : [],
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
    })),
    series: [...series.values()].sort((a, b) =>
      a.label.localeCompare(b.label, undefined, { numeric: true }),
    ),
    budgetLines,
  };
  const decisions = await services.decisions.list(workspaceId, benchmark.key);
  return { ...history, changePoints: historyChangePoints(history, decisions) };
}
