"use client";
import type { TRateSeries } from "@meshbench/contracts";
import { type ChartSeries, SeriesLineChart } from "./line-chart";

/** Requests and errors per second as two lines, x at each interval's start. */
export function rateChartSeries(series: TRateSeries): ChartSeries[] {
  const per = (counts: number[]) =>
    counts.map((n, i) => ({ x: i * series.intervalSeconds, y: n / series.intervalSeconds }));
  return [
    { id: "rps", label: "requests/s", points: per(series.requests) },
    { id: "errors", label: "errors/s", points: per(series.errors) },
  ];
}

/** "RPS over time" of one trial (ELCA's step-1 chart): warm-up tails and stalls show as dips. */
export function RateOverTimeChart({
  series,
  meanQps,
  filename,
}: {
  series: TRateSeries;
  meanQps: number | null;
  filename: string;
}) {
  const lines = rateChartSeries(series);
  if (meanQps !== null && series.requests.length > 1)
    lines.push({
      id: "mean",
      label: `mean ${meanQps.toFixed(1)}/s`,
      dashed: true,
      points: [
        { x: 0, y: meanQps },
        { x: (series.requests.length - 1) * series.intervalSeconds, y: meanQps },
      ],
    });
  return (
    <SeriesLineChart
      title="RPS over time"
      filename={`${filename}-rps-over-time`}
      series={lines}
      xLabel="seconds into the trial"
      yLabel="per second"
      step
      singleXText="One interval only: the trial was shorter than a second."
    />
  );
}
