"use client";
import type { TSeriesCurves } from "@meshbench/contracts";
import { SeriesLineChart, type ChartSeries } from "./line-chart";

const ms = (seconds: number) => seconds * 1000;
const pct = (f: number) => `${(f * 100).toFixed(f >= 0.01 ? 0 : f >= 0.001 ? 1 : 2)}%`;
const tailPct = (f: number) =>
  f >= 0.01 ? `${(f * 100).toFixed(0)}%` : `${Number((f * 100).toPrecision(1))}%`;
const latencyMs = (v: number) => (v >= 10 ? v.toFixed(0) : v >= 1 ? v.toFixed(1) : v.toFixed(2));

function tailTicks(series: TSeriesCurves[]): number[] {
  const smallest = Math.min(
    ...series.flatMap((s) => s.ccdf.map((p) => p.fraction)).filter((f) => f > 0),
    1,
  );
  const ticks = [1];
  while (ticks[ticks.length - 1]! / 10 >= smallest / 10 && ticks.length < 7)
    ticks.push(ticks[ticks.length - 1]! / 10);
  return ticks;
}

/** CDF, CCDF (log tail axis) and histogram of the pooled latency of each series. */
export function DistributionCharts({
  series,
  filename,
}: {
  series: TSeriesCurves[];
  filename: string;
}) {
  const cdf: ChartSeries[] = series.map((s) => ({
    id: s.id,
    label: s.label,
    points: s.cdf.map((p) => ({ x: ms(p.latency), y: p.fraction })),
  }));
  const ccdf: ChartSeries[] = series.map((s) => ({
    id: s.id,
    label: s.label,
    points: s.ccdf.map((p) => ({ x: ms(p.latency), y: p.fraction })),
  }));
  const histogram: ChartSeries[] = series.map((s) => {
    const total = s.histogram.reduce((a, b) => a + b.count, 0);
    const points = s.histogram.flatMap((b) => {
      const width = ms(b.end - b.start);
      const density = width > 0 && total > 0 ? b.count / total / width : 0;
      return [
        { x: ms(b.start), y: density },
        { x: ms(b.end), y: density },
      ];
    });
    return { id: s.id, label: s.label, points };
  });
  const ticks = tailTicks(series);
  const empty = "No pooled histogram: the trials are summary-only or not finished.";
  return (
    <div className="chart-grid">
      <SeriesLineChart
        title="Latency CDF"
        filename={`${filename}-cdf`}
        series={cdf}
        xLabel="latency (ms)"
        yLabel="fraction of requests"
        formatX={latencyMs}
        formatY={pct}
        yDomain={[0, 1]}
        xLogToggle
        emptyText={empty}
      />
      <SeriesLineChart
        title="Latency CCDF (tail, log)"
        filename={`${filename}-ccdf`}
        series={ccdf}
        xLabel="latency (ms)"
        yLabel="fraction slower"
        formatX={latencyMs}
        formatY={tailPct}
        yLog
        yDomain={[ticks[ticks.length - 1]!, 1]}
        yTicks={ticks}
        xLogToggle
        emptyText={empty}
      />
      <SeriesLineChart
        title="Latency histogram"
        filename={`${filename}-histogram`}
        series={histogram}
        xLabel="latency (ms)"
        yLabel="share per ms"
        formatX={latencyMs}
        formatY={(v) => v.toPrecision(2)}
        xLogToggle
        yLogToggle
        emptyText={empty}
      />
    </div>
  );
}
