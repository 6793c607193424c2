import {
  DomainError,
  type TListRunsInput,
  type TRunDefinition,
  type TRunDetail,
  type TRunFilterOptions,
  type TRunListPage,
  type TTrialRateSeries,
} from "@meshbench/contracts";
import { definitionChanges, trialRateSeriesView } from "@meshbench/core";
import type { BenchmarkRepository, RateSeriesRepository, RunRepository } from "@meshbench/db";

/** Reading runs: the filtered, paged list, its filter choices, one run, the definition it ran. */
export function createRunQueryService(
  runs: RunRepository,
  benchmarks: BenchmarkRepository,
  rateSeries: RateSeriesRepository,
) {
  return {
    list: (workspaceId: string, input: TListRunsInput): Promise<TRunListPage> => {
      const { limit, cursor, ...filter } = input;
      return runs.list(workspaceId, { limit, cursor, filter });
    },
    filterOptions: (workspaceId: string): Promise<TRunFilterOptions> =>
      runs.listFilterOptions(workspaceId),
    async get(workspaceId: string, runId: string): Promise<TRunDetail> {
      const run = await runs.get(workspaceId, runId);
      if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
      return run;
    },
    /** One trial's throughput over time with its dips (warm-up, stalls, the last partial second). */
    async trialRateSeries(
      workspaceId: string,
      runId: string,
      trialId: string,
    ): Promise<TTrialRateSeries> {
      const found = await rateSeries.ofTrial(workspaceId, runId, trialId);
      if (!found) throw new DomainError("NOT_FOUND", "Trial not found", "trialId");
      return trialRateSeriesView(found.trialId, found.series);
    },
    /**
     * "Definition as run": the snapshot the run was created with and, when its benchmark's
     * current definition differs, every differing path (old → new). An imported run's benchmark
     * lives in another workspace: nothing here to compare with.
     */
    async definition(workspaceId: string, runId: string): Promise<TRunDefinition> {
      const run = await runs.get(workspaceId, runId, { histograms: false });
      if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
      const current =
        run.benchmarkKey && !run.importedFrom
          ? await benchmarks.getByKey(workspaceId, run.benchmarkKey)
          : null;
      return {
        runId: run.id,
        source: run.definitionSource,
        snapshot: run.definition,
        benchmark: current && {
          id: current.id,
          key: current.definition.key,
          name: current.definition.name,
          archived: current.archivedAt !== null,
        },
        changes:
          current && run.definition
            ? definitionChanges(run.definition.definition, current.definition)
            : [],
      };
    },
  };
}

export type RunQueryService = ReturnType<typeof createRunQueryService>;
