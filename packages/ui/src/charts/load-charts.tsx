"use client";
import {
  STATISTIC_LABELS,
  STATISTICS,
  type TLoadPoint,
  type TComparisonStatistic,
} from "@meshbench/contracts";
import { useState } from "react";
import { SeriesLineChart, type ChartSeries } from "./line-chart";

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

function lines(
  points: TLoadPoint[],
  seriesKey: (p: TLoadPoint) => string,
  x: (p: TLoadPoint) => number | null,
  y: (p: TLoadPoint) => number | null,
): ChartSeries[] {
  return [...groupBy(points, seriesKey).entries()].map(([label, ps]) => ({
    id: label.replace(/[^a-z0-9]+/gi, "-"),
    label,
    points: ps
      .flatMap((p) => {
        const xv = x(p);
        const yv = y(p);
        return xv === null || yv === null ? [] : [{ x: xv, y: yv }];
      })
      .sort((a, b) => a.x - b.x),
  }));
}

const latencyMs = (v: number) => (v >= 10 ? v.toFixed(0) : v >= 1 ? v.toFixed(1) : v.toFixed(2));

/** Latency vs requested QPS and vs connections per percentile, achieved vs requested QPS, error rates. */
export function LoadCharts({ points, filename }: { points: TLoadPoint[]; filename: string }) {
  const [stat, setStat] = useState<TComparisonStatistic>("p99");
  const byConns = (p: TLoadPoint) => `${p.variant} · ${p.connections} conns`;
  const byQps = (p: TLoadPoint) => `${p.variant} · ${p.requestedQps ?? "max"} QPS`;
  const latency = (p: TLoadPoint) =>
    (p.stats[stat] ?? null) === null ? null : p.stats[stat]! * 1000;
  const vsQps = lines(points, byConns, (p) => p.requestedQps, latency);
  const vsConns = lines(points, byQps, (p) => p.connections, latency);
  const achieved = lines(
    points,
    byConns,
    (p) => p.requestedQps,
    (p) => p.achievedQps,
  );
  const ideal = achieved.flatMap((s) => s.points.map((p) => p.x));
  if (ideal.length > 0) {
    achieved.push({
      id: "ideal",
      label: "requested = achieved",
      dashed: true,
      points: [...new Set(ideal)].sort((a, b) => a - b).map((x) => ({ x, y: x })),
    });
  }
  const errors = lines(
    points,
    byConns,
    (p) => p.requestedQps,
    (p) => (p.errorRate === null ? null : p.errorRate * 100),
  );
  const multiConns = new Set(points.map((p) => p.connections)).size > 1;
  return (
    <>
      <div className="chart-controls">
        <label>
          Percentile{" "}
          <select value={stat} onChange={(e) => setStat(e.target.value as TComparisonStatistic)}>
            {STATISTICS.map((s) => (
              <option key={s} value={s}>
                {STATISTIC_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="chart-grid">
        <SeriesLineChart
          title={`${STATISTIC_LABELS[stat]} latency vs requested QPS`}
          filename={`${filename}-latency-vs-qps`}
          series={vsQps}
          xLabel="requested QPS"
          yLabel="latency (ms)"
          formatY={latencyMs}
          xLogToggle
          yLogToggle
          emptyText="No fixed-QPS levels."
        />
        <SeriesLineChart
          title={`${STATISTIC_LABELS[stat]} latency vs connections`}
          filename={`${filename}-latency-vs-connections`}
          series={vsConns}
          xLabel="connections"
          yLabel="latency (ms)"
          formatY={latencyMs}
          xLogToggle
          yLogToggle
          emptyText={multiConns ? "Nothing to plot." : "This run uses a single connection count."}
        />
        <SeriesLineChart
          title="Achieved vs requested QPS"
          filename={`${filename}-achieved-qps`}
          series={achieved}
          xLabel="requested QPS"
          yLabel="achieved QPS"
          xLogToggle
          yLogToggle
          emptyText="No fixed-QPS levels."
        />
        <SeriesLineChart
          title="Error rate"
          filename={`${filename}-errors`}
          series={errors}
          xLabel="requested QPS"
          yLabel="errors (%)"
          formatY={(v) => `${v.toFixed(v >= 1 ? 1 : 2)}%`}
          emptyText="No fixed-QPS levels."
        />
      </div>
    </>
  );
}
