"use client";
import type { TBenchmarkHistory } from "@meshbench/contracts";
import { TrendChart, type TrendAxis } from "@meshbench/ui/charts";

/** Client boundary for the Recharts trend (the page itself stays a server component). */
export function HistoryChart({ history, axis }: { history: TBenchmarkHistory; axis: TrendAxis }) {
  return <TrendChart history={history} axis={axis} />;
}
