import {
  isRunActive,
  DomainError,
  type TComparableRun,
  type TComparisonReport,
  type TComparisonState,
  type TRunDetail,
  type TRunProgress,
  type TRunReport,
} from "@meshbench/contracts";
import {
  buildComparisonReport,
  buildRunReport,
  levelLabel,
  progressOf,
  runLevels,
  sortVariants,
  withNoiseBands,
  type ClusterCalibration,
  type EnvironmentAudience,
} from "@meshbench/core";
import {
  definitionDigest,
  type ResourceSampleRepository,
  type RunRecord,
  type RunRepository,
} from "@meshbench/db";

/** What the report needs of the noise service: the calibration a run's deltas are read against. */
export type NoiseLookup = {
  calibrationForRun(workspaceId: string, runId: string): Promise<ClusterCalibration | null>;
  calibrationForRuns(workspaceId: string, runIds: string[]): Promise<ClusterCalibration | null>;
};

type Deps = {
  runs: RunRepository;
  samples: ResourceSampleRepository;
  noise?: NoiseLookup;
};

/** The calibration an imported run carried in (it has no cluster here to calibrate). */
const importedCalibration = (run: RunRecord): ClusterCalibration | null => {
  const carried = run.importedFrom?.noiseCalibration;
  return carried ? { runId: carried.runId, calibration: carried.calibration } : null;
};

/**
 * Reports of runs and comparisons: loads what core's report builders read (the run with its
 * definition snapshot, samples and noise calibration), calls them, and keeps finished runs' reports.
 */
export function createReportService({ runs, samples, noise }: Deps) {
  async function load(workspaceId: string, runId: string) {
    const run = await runs.get(workspaceId, runId);
    if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
    return run;
  }

  // A finished run never changes, and its report (a bootstrap per variant and level) is most of
  // the run page's server time (bench/: compare), so reports of finished runs are kept per
  // process. The report reads only the run's own records (trials, samples and its immutable
  // definition snapshot, never the benchmark's current definition), so the key names the run, its
  // snapshot's digest and its end state: any two processes build the same report for one key.
  const finishedReports = new Map<string, TRunReport>();
  /** `audience`: "public" for share pages (core's reportView says what each one sees). */
  async function runReport(
    workspaceId: string,
    runId: string,
    reference?: string,
    audience: EnvironmentAudience = "member",
  ): Promise<TRunReport> {
    const run = await load(workspaceId, runId);
    const report = await cachedRunReport(workspaceId, run, reference, audience);
    // The noise band is applied outside the cache: a later calibration changes it.
    const calibration = run.importedFrom
      ? importedCalibration(run)
      : ((await noise?.calibrationForRun(workspaceId, runId)) ?? null);
    return calibration ? { ...report, levels: withNoiseBands(report.levels, calibration) } : report;
  }

  async function cachedRunReport(
    workspaceId: string,
    run: RunRecord,
    reference: string | undefined,
    audience: EnvironmentAudience,
  ): Promise<TRunReport> {
    const key = !isRunActive(run.status)
      ? JSON.stringify([
          workspaceId,
          run.id,
          run.definition ? definitionDigest(run.definition) : null,
          reference ?? null,
          audience,
          run.status,
          run.trialsDone,
          run.finishedAt,
          // A pruned run reads its stored summaries: a report from before the prune is stale.
          run.histogramsPrunedAt ?? null,
        ])
      : null;
    const cached = key === null ? undefined : finishedReports.get(key);
    if (cached) return cached;
    // The record's own parts stay out of the report: it reads the definition, never shows it.
    // An imported run reads as it was measured (scheduled or uploaded) and says it was imported.
    const { definition, definitionSource: _source, importedFrom, ...detail } = run;
    const built = buildRunReport({
      run: importedFrom ? { ...detail, source: importedFrom.source } : detail,
      definition: definition?.definition ?? null,
      samples: await samples.listTrialSamples(workspaceId, run.id),
      reference,
      audience,
    });
    const shown = importedFrom ? { ...built, run: { ...built.run, source: run.source } } : built;
    const report = {
      ...shown,
      run: { ...shown.run, histogramsPrunedAt: run.histogramsPrunedAt ?? null },
    };
    if (key !== null) {
      if (finishedReports.size >= 64) finishedReports.delete(finishedReports.keys().next().value!);
      finishedReports.set(key, report);
    }
    return report;
  }

  /** `audience`: "public" for share links, as runReport. */
  async function comparison(
    workspaceId: string,
    state: TComparisonState,
    audience: EnvironmentAudience = "member",
  ): Promise<TComparisonReport> {
    const runIds = [...new Set(state.items.map((i) => i.runId))];
    const loaded = new Map<string, TRunDetail>();
    for (const id of runIds) loaded.set(id, await load(workspaceId, id));
    const calibration = (await noise?.calibrationForRuns(workspaceId, runIds)) ?? null;
    return buildComparisonReport({ state, runs: loaded, calibration, audience });
  }

  return {
    runReport,
    comparison,
    /** The live progress poll: statuses only, no histogram decoded. */
    async progress(workspaceId: string, runId: string): Promise<TRunProgress> {
      const run = await runs.get(workspaceId, runId, { histograms: false });
      if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
      return progressOf(run);
    },
    /** Recent runs with their variants and levels, for the compare picker. */
    async comparableRuns(workspaceId: string, limit = 10): Promise<TComparableRun[]> {
      const { items } = await runs.list(workspaceId, { limit });
      const out: TComparableRun[] = [];
      for (const item of items) {
        const run = await runs.get(workspaceId, item.id, { histograms: false });
        if (!run || run.trials.length === 0) continue;
        out.push({
          id: run.id,
          title: run.title,
          createdAt: run.createdAt,
          variants: sortVariants(run.trials.map((t) => t.variant)),
          levels: runLevels(run.trials).map((l) => ({ key: l.key, label: levelLabel(l) })),
        });
      }
      return out;
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
