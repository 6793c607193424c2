import {
  DomainError,
  type TComparisonReport,
  type TComparisonState,
  type TRunDetail,
} from "@meshbench/contracts";
import { countingTrials, groupByCell } from "../trials";
import { environmentChecks } from "./environment-checks";
import { levelLabel } from "./levels";
import { type ClusterCalibration, withNoiseBands } from "./noise";
import { type EnvironmentAudience, reportView } from "./sanitize";
import { buildTable, type SeriesGroup } from "./table";

export interface ComparisonInput {
  state: TComparisonState;
  /** Every run the state names, by id. */
  runs: ReadonlyMap<string, TRunDetail>;
  /** The A/A calibration the deltas are read against (one cluster for every run), or null. */
  calibration: ClusterCalibration | null;
  /** "public" for share links, as runReport. */
  audience: EnvironmentAudience;
}

/**
 * Any series (a variant at a level of some run, optionally one repetition) against a reference
 * series, in one table with the noise band beside every delta and each run's environment checked
 * against the first. A series without trials is a NOT_FOUND naming its item. Pure given its input.
 */
export function buildComparisonReport(input: ComparisonInput): TComparisonReport {
  const { state, runs } = input;
  const cellsOf = new Map([...runs].map(([id, run]) => [id, groupByCell(run.trials)]));
  const groups: SeriesGroup[] = state.items.map((item, index) => {
    const run = runs.get(item.runId);
    const cell = [...(cellsOf.get(item.runId)?.values() ?? [])].find(
      (c) => c.variant === item.variant && c.level.key === item.levelKey,
    );
    const trials = (cell?.trials ?? []).filter(
      (t) => item.repetition === undefined || t.repetition === item.repetition,
    );
    if (!run || !cell || trials.length === 0) {
      throw new DomainError(
        "NOT_FOUND",
        `No trials for ${item.variant} at ${item.levelKey} in run ${item.runId}`,
        `items[${index}]`,
      );
    }
    const runLabel = runs.size > 1 ? `${run.title.slice(0, 32)} · ` : "";
    return {
      id: `s${index}`,
      label: `${runLabel}${item.variant} · ${levelLabel(cell.level)}${item.repetition ? ` · rep ${item.repetition}` : ""}`,
      variant: item.variant,
      levelKey: item.levelKey,
      trials: countingTrials(trials),
    };
  });
  const reference = Math.min(state.reference, groups.length - 1);
  const referenceItem = state.items[reference]!;
  // The reference item's level, from its run (any variant's cell at that level has it).
  const level = [...cellsOf.get(referenceItem.runId)!.values()].find(
    (c) => c.level.key === referenceItem.levelKey,
  )!.level;
  const report: TComparisonReport = {
    state: { ...state, reference },
    runs: [...runs.values()].map((r) => ({ id: r.id, title: r.title })),
    table: withNoiseBands(
      [buildTable(level, "Comparison", groups, reference)],
      input.calibration,
    )[0]!,
    environments: environmentChecks([...runs.values()]),
  };
  return reportView(report, input.audience);
}
