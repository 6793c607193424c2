import type {
  TBenchmarkDefinition,
  TLevelReport,
  TLoadPoint,
  TRunDetail,
  TRunReport,
  TTrialRecord,
} from "@meshbench/contracts";
import { loadCurveTrials } from "../trials";
import { addedLatency } from "./added-latency";
import { levelResources, type StoredSample } from "./level-resources";
import type { repetitionReport } from "./repetitions";
import { saturationReport, withSaturatedPoints } from "./saturation-report";
import { resolveSections, warmupStatement } from "./sections";

const DEFAULT_RULE = { dropWorst: 0, by: "max" } as const;

/** The run rule of the run's benchmark (none for uploads or a deleted benchmark). */
export function runRuleOf(definition: TBenchmarkDefinition | null) {
  return definition?.methodology.runRule ?? DEFAULT_RULE;
}

function addedLatencyOf(levels: readonly TLevelReport[], reference: string | null) {
  if (!reference) return [];
  return addedLatency(
    levels.flatMap((l) =>
      l.rows
        .filter((r) => r.repetitions > 0)
        .map((r) => ({
          variant: r.variant,
          levelKey: l.level.key,
          connections: l.level.connections,
          requestedQps: l.level.requestedQps,
          protocol: l.level.protocol,
          p90: r.stats.find((s) => s.stat === "p90")?.value ?? null,
          p99: r.stats.find((s) => s.stat === "p99")?.value ?? null,
        })),
    ),
    reference,
  ) as NonNullable<TRunReport["addedLatency"]>;
}

/**
 * The report's additions for the write-ups (issues 15/16): the run rule and per-repetition rows,
 * resources per level and vs RPS, added latency, saturation, the sections to show and the
 * warm-up statement. Pure given its inputs; buildRunReport hooks it in.
 */
export function buildReportExtras(input: {
  run: TRunDetail;
  definition: TBenchmarkDefinition | null;
  /** The run rule's outcome (repetitionReport), computed once per report. */
  repetitions: ReturnType<typeof repetitionReport>;
  samples: readonly StoredSample[];
  base: Pick<TRunReport, "levels" | "loadCurve" | "resources" | "reference" | "variants">;
  /** A capacity-at-SLO run (its section then has data). */
  hasCapacity?: boolean;
}) {
  const { run, definition, samples, base } = input;
  const { runRule, repetitionRows } = input.repetitions;
  const dropped = new Set(runRule.cells.flatMap((c) => c.dropped.map((d) => d.key)));
  const realLoad: TTrialRecord[] = loadCurveTrials(run.trials).filter((t) => !dropped.has(t.key));
  const resources = levelResources(samples, realLoad);
  const loadCurve: TLoadPoint[] = withSaturatedPoints(
    base.loadCurve,
    run.trials.filter((t) => !dropped.has(t.key)),
    base.levels.map((l) => l.level),
  );
  const added = addedLatencyOf(base.levels, base.reference);
  const data = {
    levels: base.levels,
    loadCurve,
    resources: base.resources,
    addedLatency: added,
    repetitionRows,
    ...resources,
    hasCapacity: input.hasCapacity ?? false,
  };
  return {
    loadCurve,
    sections: resolveSections(definition?.reportSections, data),
    runRule,
    repetitionRows,
    ...resources,
    addedLatency: added,
    saturation: saturationReport(run.trials, base.variants, base.reference),
    warmup: warmupStatement(definition?.warmupSeconds ?? null, run.source === "scheduled"),
  } satisfies Partial<TRunReport>;
}
