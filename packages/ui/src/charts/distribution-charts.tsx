"use client";
import { type TSeriesCurves, secondsToMs } from "@meshbench/contracts";
import { SeriesLineChart, type ChartSeries } from "./line-chart";

const pct = (v: number) => `${Number(v.toPrecision(3))}%`;
const latencyMs = (v: number) => (v >= 10 ? v.toFixed(0) : v >= 1 ? v.toFixed(1) : v.toFixed(2));

/**
 * CDF, CCDF (log tail axis) and histogram of the pooled latency of each series. `context` (a load
 * level's label) goes into the titles when a page shows several levels, so no two charts on a
 * page share a title.
 */
export function DistributionCharts({
  series,
  filename,
  context,
}: {
  series: TSeriesCurves[];
  filename: string;
  context?: string;
}) {
  const of = (title: string) => (context ? `${title} · ${context}` : title);
  const cdf: ChartSeries[] = series.map((s) => ({
    id: s.id,
    label: s.label,
    points: s.cdf.map((p) => ({ x: secondsToMs(p.latency), y: p.fraction * 100 })),
  }));
  const ccdf: ChartSeries[] = series.map((s) => ({
    id: s.id,
    label: s.label,
    points: s.ccdf.map((p) => ({ x: secondsToMs(p.latency), y: p.fraction * 100 })),
  }));
  const histogram: ChartSeries[] = series.map((s) => {
    const total = s.histogram.reduce((a, b) => a + b.count, 0);
    const points = s.histogram.flatMap((b) => {
      const width = secondsToMs(b.end - b.start);
      const density = width > 0 && total > 0 ? b.count / total / width : 0;
      return [
        { x: secondsToMs(b.start), y: density },
        { x: secondsToMs(b.end), y: density },
      ];
    });
    return { id: s.id, label: s.label, points };
  });
  const empty = "No pooled histogram: the trials are summary-only or not finished.";
  return (
    <div className="chart-grid">
      <SeriesLineChart
        title={of("Latency CDF")}
        filename={`${filename}-cdf`}
        series={cdf}
        xLabel="latency (ms)"
        yLabel="requests at or below (%)"
        formatX={latencyMs}
        formatY={pct}
        yInclude={[0, 100]}
        xLogToggle
        emptyText={empty}
      />
      <SeriesLineChart
        title={of("Latency CCDF (tail, log)")}
        filename={`${filename}-ccdf`}
        series={ccdf}
        xLabel="latency (ms)"
        yLabel="requests slower (%)"
        formatX={latencyMs}
        formatY={pct}
        yLog
        yInclude={[100]}
        xLogToggle
        emptyText={empty}
      />
      <SeriesLineChart
        title={of("Latency histogram")}
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
