import { ZComparisonStatistic } from "@meshbench/contracts";
import type { TrendAxis } from "@meshbench/ui/charts";

export type HistorySearch = {
  statistic?: string;
  variant?: string;
  branch?: string;
  axis?: string;
};

const AXES = ["commit", "tag", "meshVersion", "date"] as const satisfies readonly TrendAxis[];

/** The trend's options from the URL; anything unknown falls back to p99 across commits. */
export function parseHistoryParams(search: HistorySearch) {
  return {
    statistic: ZComparisonStatistic.catch("p99").parse(search.statistic),
    axis: AXES.find((a) => a === search.axis) ?? "commit",
    variant: search.variant || undefined,
    branch: search.branch || undefined,
  };
}

export type HistoryParams = ReturnType<typeof parseHistoryParams>;
