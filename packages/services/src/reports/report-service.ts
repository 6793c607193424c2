import {
  isRunActive,
  DomainError,
  type TComparableRun,
  type TComparisonReport,
  type TComparisonState,
  type TLoadPoint,
  type TRunDetail,
  type TRunProgress,
  type TRunReport,
} from "@meshbench/contracts";
import { countingTrials, levelOf } from "@meshbench/core";
import type { BenchmarkRepository, ResourceSampleRepository, RunRepository } from "@meshbench/db";
import { buildTable, type SeriesGroup } from "./build-table";
import { capacityReport } from "./capacity";
import { environmentChecks } from "./environment-checks";
import { trialFailures } from "./failures";
import { levelLabel, sortLevels, sortVariants } from "./levels";
import { type NoiseLookup, withNoiseBands } from "./noise";
import { buildReportExtras, pooledRunTrials } from "./report-extras";
import { resourceCosts } from "./resources";
import { type EnvironmentAudience, reportView, sanitizeEnvironment } from "./sanitize";
import { throughputOf } from "./throughput";

type Deps = {
  runs: RunRepository;
  samples: ResourceSampleRepository;
  /** For the run's benchmark definition (run rule, report sections, warm-up); optional. */
  benchmarks?: BenchmarkRepository;
  noise?: NoiseLookup;
};

function progressOf(run: TRunDetail): TRunProgress {
  return {
    status: run.status,
    trialsTotal: run.trialsTotal,
    trialsDone: run.trialsDone,
    trialsFailed: run.trialsFailed,
    trials: run.trials.map((t) => ({
      key: t.key,
      variant: t.variant,
      levelKey: levelOf(t).key,
      repetition: t.repetition,
      sequence: t.sequence,
      status: t.status,
    })),
  };
}

function levelsOf(run: TRunDetail) {
  const byKey = new Map(run.trials.map((t) => [levelOf(t).key, levelOf(t)]));
  return sortLevels([...byKey.values()]);
}

export function createReportService({ runs, samples, benchmarks, noise }: Deps) {
  async function load(workspaceId: string, runId: string) {
    const run = await runs.get(workspaceId, runId);
    if (!run) throw new DomainError("NOT_FOUND", "Run not found", "runId");
    return run;
  }

  // A finished run never changes, and its report (a bootstrap per variant and level) is most of
  // the run page's server time (bench/: compare), so reports of finished runs are kept per
  // process, keyed by everything that would change them.
  const finishedReports = new Map<string, TRunReport>();
  /** `audience`: "public" for share pages (sanitize.ts: reportView says what each one sees). */
  async function runReport(
    workspaceId: string,
    runId: string,
    reference?: string,
    audience: EnvironmentAudience = "member",
  ): Promise<TRunReport> {
    // The noise band is applied outside the cache: a later calibration changes it.
    const report = await cachedRunReport(workspaceId, runId, reference, audience);
    const calibration = (await noise?.calibrationForRun(workspaceId, runId)) ?? null;
    return calibration ? { ...report, levels: withNoiseBands(report.levels, calibration) } : report;
  }

  async function cachedRunReport(
    workspaceId: string,
    runId: string,
    reference: string | undefined,
    audience: EnvironmentAudience,
  ): Promise<TRunReport> {
    const run = await load(workspaceId, runId);
    const key = !isRunActive(run.status)
      ? JSON.stringify([
          workspaceId,
          runId,
          reference ?? null,
          audience,
          run.status,
          run.trialsDone,
          run.finishedAt,
        ])
      : null;
    const cached = key === null ? undefined : finishedReports.get(key);
    if (cached) return cached;
    const report = reportView(
      await buildRunReport(workspaceId, run, reference, audience),
      audience,
    );
    if (key !== null) {
      if (finishedReports.size >= 64) finishedReports.delete(finishedReports.keys().next().value!);
      finishedReports.set(key, report);
    }
    return report;
  }

  async function buildRunReport(
    workspaceId: string,
    run: TRunDetail,
    reference: string | undefined,
    audience: EnvironmentAudience,
  ): Promise<TRunReport> {
    const runId = run.id;
    const variants = sortVariants(run.trials.map((t) => t.variant));
    const definition =
      run.benchmarkKey && benchmarks
        ? ((await benchmarks.getByKey(workspaceId, run.benchmarkKey))?.definition ?? null)
        : null;
    // Default reference: the definition's no-mesh variant (whatever its name), else the first.
    const noMesh = definition?.variants.find(
      (v) => v.mesh === "baseline" && variants.includes(v.name),
    )?.name;
    const ref =
      reference && variants.includes(reference) ? reference : (noMesh ?? variants[0] ?? null);
    const ordered = ref ? [ref, ...variants.filter((v) => v !== ref)] : variants;
    // The one pooled path: counting trials less the run rule's drops.
    const usable = pooledRunTrials(run, definition);
    const loadCurve: TLoadPoint[] = [];
    const levels = levelsOf(run).map((level) => {
      const groups: SeriesGroup[] = ordered.map((variant) => ({
        id: `${variant}@${level.key}`,
        label: variant,
        variant,
        levelKey: level.key,
        trials: usable.filter((t) => t.variant === variant && levelOf(t).key === level.key),
      }));
      const table = buildTable(level, levelLabel(level), groups, 0);
      for (const row of table.rows) {
        if (row.repetitions === 0) continue;
        const group = groups.find((g) => g.id === row.id);
        loadCurve.push({
          variant: row.variant,
          levelKey: level.key,
          requestedQps: level.requestedQps,
          connections: level.connections,
          achievedQps: row.achievedQps,
          errorRate: throughputOf(group?.trials ?? []).errorRate,
          stats: Object.fromEntries(row.stats.map((s) => [s.stat, s.value])) as TLoadPoint["stats"],
        });
      }
      return table;
    });
    const qpsByVariant = new Map(
      variants.map((v) => [
        v,
        throughputOf(usable.filter((t) => t.variant === v)).achievedQps ?? 0,
      ]),
    );
    const { trials, environment, labels: _labels, ...summary } = run;
    const sampleRows = await samples.listTrialSamples(workspaceId, runId);
    const resources = resourceCosts(sampleRows, qpsByVariant);
    const capacity = capacityReport(run);
    const extras = buildReportExtras({
      run,
      definition,
      samples: sampleRows,
      base: { levels, loadCurve, resources, reference: ref, variants: ordered },
      hasCapacity: capacity !== undefined,
    });
    return {
      run: summary,
      environment: (sanitizeEnvironment(environment ?? {}, audience) ?? {}) as Record<
        string,
        unknown
      >,
      reference: ref,
      variants: ordered,
      levels,
      resources,
      flags: trials
        .filter((t) => t.validityFlags.length > 0)
        .map((t) => ({
          key: t.key,
          variant: t.variant,
          levelKey: levelOf(t).key,
          repetition: t.repetition,
          flags: t.validityFlags,
        })),
      failures: trialFailures(run),
      progress: progressOf(run).trials,
      trials: trials.map(({ histogram: _histogram, ...row }) => row),
      ...extras,
      capacity,
    };
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
    const groups: SeriesGroup[] = state.items.map((item, index) => {
      const run = loaded.get(item.runId);
      const trials = (run?.trials ?? []).filter(
        (t) =>
          t.variant === item.variant &&
          levelOf(t).key === item.levelKey &&
          (item.repetition === undefined || t.repetition === item.repetition),
      );
      if (!run || trials.length === 0) {
        throw new DomainError(
          "NOT_FOUND",
          `No trials for ${item.variant} at ${item.levelKey} in run ${item.runId}`,
          `items[${index}]`,
        );
      }
      const level = levelOf(trials[0]!);
      const runLabel = runIds.length > 1 ? `${run.title.slice(0, 32)} · ` : "";
      return {
        id: `s${index}`,
        label: `${runLabel}${item.variant} · ${levelLabel(level)}${item.repetition ? ` · rep ${item.repetition}` : ""}`,
        variant: item.variant,
        levelKey: item.levelKey,
        trials: countingTrials(trials),
      };
    });
    const reference = Math.min(state.reference, groups.length - 1);
    const firstTrial = loaded
      .get(state.items[reference]!.runId)!
      .trials.find((t) => levelOf(t).key === state.items[reference]!.levelKey)!;
    const level = levelOf(firstTrial);
    const calibration = (await noise?.calibrationForRuns(workspaceId, runIds)) ?? null;
    const report: TComparisonReport = {
      state: { ...state, reference },
      runs: [...loaded.values()].map((r) => ({ id: r.id, title: r.title })),
      table: withNoiseBands([buildTable(level, "Comparison", groups, reference)], calibration)[0]!,
      environments: environmentChecks([...loaded.values()]),
    };
    return reportView(report, audience);
  }

  return {
    runReport,
    comparison,
    async progress(workspaceId: string, runId: string): Promise<TRunProgress> {
      return progressOf(await load(workspaceId, runId));
    },
    /** Recent runs with their variants and levels, for the compare picker. */
    async comparableRuns(workspaceId: string, limit = 10): Promise<TComparableRun[]> {
      const { items } = await runs.list(workspaceId, { limit });
      const out: TComparableRun[] = [];
      for (const item of items) {
        const run = await runs.get(workspaceId, item.id);
        if (!run || run.trials.length === 0) continue;
        out.push({
          id: run.id,
          title: run.title,
          createdAt: run.createdAt,
          variants: sortVariants(run.trials.map((t) => t.variant)),
          levels: levelsOf(run).map((l) => ({ key: l.key, label: levelLabel(l) })),
        });
      }
      return out;
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
