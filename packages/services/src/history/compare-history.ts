import {
  DomainError,
  type THistoryComparison,
  type ZCompareHistoryInput,
} from "@meshbench/contracts";
import { ACROSS_RUNS_METHOD, compareAcrossRuns } from "@meshbench/core";
import type { HistoryRun } from "@meshbench/db";
import type { SummarisedRun } from "./history-service";
import type { z } from "zod";
import { historySeries, runMeshVersions } from "./build-history";

type TCompareQuery = z.output<typeof ZCompareHistoryInput>;

/** Fixed: the same runs always give the same interval. */
const ACROSS_RUNS_SEED = 20261128;

/** The value that puts a run on a side: its version of mesh `name`, or its label `name`. */
function sideValue(run: HistoryRun, by: TCompareQuery["by"], name: string): string | undefined {
  return by === "meshVersion" ? runMeshVersions(run)[name] : run.labels[name];
}

/**
 * Runs at mesh version (or label) `a` vs runs at `b`, over the benchmark's included runs: per
 * series, each run's pooled statistic is one value and the interval is over runs (core).
 */
export function compareHistory(
  benchmarkKey: string,
  runs: readonly SummarisedRun[],
  input: TCompareQuery,
): THistoryComparison {
  if (input.a === input.b)
    throw new DomainError("BAD_REQUEST", "Pick two different values to compare", "b");
  const side = (value: string) =>
    runs.filter((r) => sideValue(r, input.by, input.name) === value).map((r) => r.id);
  const a = side(input.a);
  const b = side(input.b);
  const series = historySeries(runs, input.statistic, input.variant).map((s) => ({
    label: s.label,
    variant: s.variant,
    points: s.points.map((p) => ({ runId: p.runId, value: p.valueMs })),
  }));
  return {
    benchmarkKey,
    statistic: input.statistic,
    by: input.by,
    name: input.name,
    sides: { a: { value: input.a, runIds: a }, b: { value: input.b, runIds: b } },
    method: `${input.statistic} in ms: ${ACROSS_RUNS_METHOD}`,
    series: compareAcrossRuns(series, new Set(a), new Set(b), ACROSS_RUNS_SEED),
  };
}
