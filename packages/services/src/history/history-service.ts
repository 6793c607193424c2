import {
  DomainError,
  type TBenchmarkHistory,
  type TDecideChangePointInput,
  type THistoryComparison,
  type ZCompareHistoryInput,
  type ZGetHistoryInput,
} from "@meshbench/contracts";
import type { z } from "zod";
import { trendCells, type TrendCell } from "@meshbench/core";
import type {
  BenchmarkRepository,
  ChangePointDecisionRepository,
  HistoryRepository,
  HistoryRun,
  RunExclusionRepository,
} from "@meshbench/db";
import type { AuditService } from "../audit/audit-service";
import { buildHistory } from "./build-history";
import { compareHistory } from "./compare-history";
import { createRunExclusions } from "./run-exclusions";

type Deps = {
  benchmarks: BenchmarkRepository;
  history: HistoryRepository;
  decisions: ChangePointDecisionRepository;
  exclusions: RunExclusionRepository;
  audit: Pick<AuditService, "record">;
};
type THistoryQuery = z.output<typeof ZGetHistoryInput>;
type TCompareQuery = z.output<typeof ZCompareHistoryInput>;

export function createHistoryService(deps: Deps) {
  const benchmarkOf = async (workspaceId: string, key: string) => {
    const benchmark = await deps.benchmarks.getBudgets(workspaceId, key);
    if (!benchmark) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkKey");
    return benchmark;
  };
  return {
    /** The trend with markers and change points; excluded runs listed but counted nowhere. */
    async get(workspaceId: string, input: THistoryQuery): Promise<TBenchmarkHistory> {
      const benchmark = await benchmarkOf(workspaceId, input.benchmarkKey);
      const runs = await deps.history.listBenchmarkRuns(workspaceId, benchmark.key, {
        limit: input.limit,
        gitBranch: input.gitBranch,
        withExcluded: true,
      });
      const summarised = await withCells(deps.history, runs);
      const decisions = await deps.decisions.list(workspaceId, benchmark.key);
      return buildHistory(benchmark, summarised, decisions, input);
    },
    /** Runs at one mesh version (or label value) against runs at another; runs are the unit. */
    async compare(workspaceId: string, input: TCompareQuery): Promise<THistoryComparison> {
      const benchmark = await benchmarkOf(workspaceId, input.benchmarkKey);
      const runs = await deps.history.listBenchmarkRuns(workspaceId, benchmark.key, {
        limit: input.limit,
        gitBranch: input.gitBranch,
      });
      return compareHistory(benchmark.key, await withCells(deps.history, runs), input);
    },
    /** Confirms or dismisses a detected change point (kept either way; dismissed ones greyed). */
    async decideChangePoint(
      workspaceId: string,
      decidedByUserId: string | null,
      input: TDecideChangePointInput,
    ) {
      await benchmarkOf(workspaceId, input.benchmarkKey);
      if (!(await deps.decisions.runOfBenchmark(workspaceId, input.benchmarkKey, input.runId)))
        throw new DomainError("NOT_FOUND", "No such run of this benchmark", "runId");
      const d = await deps.decisions.decide(workspaceId, { ...input, decidedByUserId });
      return { seriesKey: d.seriesKey, runId: d.runId, status: d.status, decidedAt: d.decidedAt };
    },
    /** Excluding runs from history, change points and baselines (audited, reversible). */
    exclusions: createRunExclusions(deps),
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;

/** A history run with its per-cell statistics resolved. */
export type SummarisedRun = Omit<HistoryRun, "cells"> & { cells: TrendCell[] };

/**
 * Every run with its per-cell statistics: stored ones as they are, the rest computed from their
 * trials once and saved (runs summarised before this existed, runs just finished).
 */
async function withCells(
  history: HistoryRepository,
  runs: readonly HistoryRun[],
): Promise<SummarisedRun[]> {
  const missing = runs.filter((r) => r.cells === null).map((r) => r.id);
  const trials = await history.succeededTrials(missing);
  const computed = missing.map((runId) => ({ runId, cells: trendCells(trials.get(runId) ?? []) }));
  await history.saveCellSummaries(computed);
  const byRun = new Map(computed.map((c) => [c.runId, c.cells]));
  return runs.map((r) => ({ ...r, cells: r.cells ?? byRun.get(r.id) ?? [] }));
}
