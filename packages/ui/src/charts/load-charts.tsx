"use client";
import {
  STATISTIC_LABELS,
  STATISTICS,
  type TLoadPoint,
  type TComparisonStatistic,
  secondsToMs,
} from "@meshbench/contracts";
import { useState } from "react";
import { SeriesLineChart } from "./line-chart";
import { AchievedVsRequested, ErrorRateChart, seriesBy } from "./throughput-charts";

const latencyMs = (v: number) => (v >= 10 ? v.toFixed(0) : v >= 1 ? v.toFixed(1) : v.toFixed(2));

/**
 * Latency vs requested QPS and vs connections for a chosen percentile, and the throughput charts
 * (achieved vs requested, error rate) when `throughput` is given. A page draws each chart once:
 * it leaves `connections` and `throughput` out when its latency-vs-connections or load-curves
 * section already shows them.
 */
export function LoadCharts({
  points,
  filename,
  connections = true,
  throughput,
}: {
  points: TLoadPoint[];
  filename: string;
  connections?: boolean;
  throughput?: { knees: { variant: string; kneeQps: number | null }[] };
}) {
  const [stat, setStat] = useState<TComparisonStatistic>("p99");
  const byConns = (p: TLoadPoint) => `${p.variant} · ${p.connections} conns`;
  const byQps = (p: TLoadPoint) => `${p.variant} · ${p.requestedQps ?? "max"} QPS`;
  const latency = (p: TLoadPoint) => secondsToMs(p.stats[stat]);
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
          series={seriesBy(points, byConns, (p) => p.requestedQps, latency)}
          xLabel="requested QPS"
          yLabel="latency (ms)"
          formatY={latencyMs}
          xLogToggle
          yLogToggle
          emptyText="No fixed-QPS levels."
          singleXText="This run has a single fixed-QPS level: see the percentile tables."
        />
        {connections ? (
          <SeriesLineChart
            title={`${STATISTIC_LABELS[stat]} latency vs connections`}
            filename={`${filename}-latency-vs-connections`}
            series={seriesBy(points, byQps, (p) => p.connections, latency)}
            xLabel="connections"
            yLabel="latency (ms)"
            formatY={latencyMs}
            xLogToggle
            yLogToggle
            emptyText="Nothing to plot."
            singleXText="This run uses a single connection count: see the percentile tables."
          />
        ) : null}
        {throughput ? (
          <>
            <AchievedVsRequested points={points} knees={throughput.knees} filename={filename} />
            <ErrorRateChart points={points} filename={filename} />
          </>
        ) : null}
      </div>
    </>
  );
}
