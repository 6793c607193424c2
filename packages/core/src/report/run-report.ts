import type {
  TBenchmarkDefinition,
  TLoadPoint,
  TRunDetail,
  TRunProgress,
  TRunReport,
  TTrialRow,
} from "@meshbench/contracts";
import { variantPaths } from "../topology/variant-paths";
import { cellKey, groupByCell, levelOf } from "../trials";
import { capacityReport } from "./capacity-report";
import { buildReportExtras, runRuleOf } from "./extras";
import { trialFailures } from "./failures";
import type { StoredSample } from "./level-resources";
import { levelLabel, sortLevels, sortVariants } from "./levels";
import { repetitionReport } from "./repetitions";
import { resourceCosts } from "./resources";
import { type EnvironmentAudience, reportView, sanitizeEnvironment } from "./sanitize";
import { buildTable, type SeriesGroup } from "./table";
import { throughputOf } from "./throughput";

/** A run's progress: its counts and every trial's cell and status (no numbers needed). */
export function progressOf(
  run: Pick<TRunDetail, "status" | "trialsTotal" | "trialsDone" | "trialsFailed" | "waitingFor"> & {
    trials: readonly TTrialRow[];
  },
): TRunProgress {
  return {
    status: run.status,
    waitingFor: run.waitingFor ?? null,
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

/** The run's load levels, in the report's order. */
export function runLevels(trials: readonly TTrialRow[]) {
  return sortLevels([...new Map(trials.map((t) => [levelOf(t).key, levelOf(t)])).values()]);
}

/** The reference variant: the asked one if the run has it, else the definition's no-mesh one, else the first. */
function referenceOf(
  variants: string[],
  definition: TBenchmarkDefinition | null,
  asked: string | undefined,
): string | null {
  const noMesh = definition?.variants.find(
    (v) => v.mesh === "baseline" && variants.includes(v.name),
  )?.name;
  return asked && variants.includes(asked) ? asked : (noMesh ?? variants[0] ?? null);
}

export interface RunReportInput {
  run: TRunDetail;
  /** The run's benchmark definition (run rule, report sections, warm-up); null for uploads. */
  definition: TBenchmarkDefinition | null;
  samples: readonly StoredSample[];
  reference?: string;
  /** "public" for share pages (sanitize.ts: reportView says what each one sees). */
  audience: EnvironmentAudience;
}

/**
 * A run's report, as its audience may see it: per level the percentile table of every variant
 * against the reference (the pooled trials: counting ones less the run rule's drops), the load
 * curve, resources, validity, failures, progress and the write-ups' extras. Pure given its input.
 */
export function buildRunReport(input: RunReportInput): TRunReport {
  const { run, definition, audience } = input;
  const variants = sortVariants(run.trials.map((t) => t.variant));
  const ref = referenceOf(variants, definition, input.reference);
  const ordered = ref ? [ref, ...variants.filter((v) => v !== ref)] : variants;
  const repetitions = repetitionReport(run.trials, runRuleOf(definition));
  const usable = repetitions.kept;
  const cells = groupByCell(usable);
  const loadCurve: TLoadPoint[] = [];
  const levels = runLevels(run.trials).map((level) => {
    const groups: SeriesGroup[] = ordered.map((variant) => {
      const key = cellKey({ ...level, variant });
      return {
        id: key,
        label: variant,
        variant,
        levelKey: level.key,
        trials: cells.get(key)?.trials ?? [],
      };
    });
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
    variants.map((v) => [v, throughputOf(usable.filter((t) => t.variant === v)).achievedQps ?? 0]),
  );
  const { trials, environment, labels: _labels, ...summary } = run;
  const resources = resourceCosts(input.samples, qpsByVariant);
  const capacity = capacityReport(run);
  const extras = buildReportExtras({
    run,
    definition,
    repetitions,
    samples: input.samples,
    base: { levels, loadCurve, resources, reference: ref, variants: ordered },
    hasCapacity: capacity !== undefined,
  });
  const report: TRunReport = {
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
    // Rows only: histograms and rate series stay out of the (cached) report and the page.
    trials: trials.map(({ histogram: _h, rateSeries: _r, ...row }) => row),
    ...extras,
    capacity,
    ...(definition && run.source === "scheduled"
      ? { paths: variantPaths(definition, trials) }
      : {}),
  };
  return reportView(report, audience);
}
