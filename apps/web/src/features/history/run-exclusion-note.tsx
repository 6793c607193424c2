import type { TRunExclusion } from "@meshbench/contracts";
import { RunExclusionControl } from "./run-exclusion-control";

/**
 * On the run page: whether the run counts in its benchmark's history, change points and
 * baselines, and if not, why (members exclude or include it here or on the history page).
 */
export function RunExclusionNote({
  runId,
  exclusion,
  canDecide,
  inHistory,
}: {
  runId: string;
  exclusion: TRunExclusion | null;
  canDecide: boolean;
  /** A finished run of a benchmark: the only kind that history and baselines read. */
  inHistory: boolean;
}) {
  if (exclusion)
    return (
      <div className="shared-banner" role="note" data-testid="run-excluded">
        Excluded from history, change points and baselines since{" "}
        {exclusion.excludedAt.toISOString().slice(0, 16).replace("T", " ")} UTC: {exclusion.reason}{" "}
        <RunExclusionControl runId={runId} exclusion={exclusion} canDecide={canDecide} />
      </div>
    );
  if (!inHistory || !canDecide) return null;
  return (
    <div data-testid="run-exclusion">
      <RunExclusionControl runId={runId} exclusion={null} canDecide={canDecide} />
    </div>
  );
}
