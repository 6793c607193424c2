"use client";
import { type TLoadPoint, type TResourceCurve, secondsToMs } from "@meshbench/contracts";
import { type ChartSeries, SeriesLineChart } from "./line-chart";
import { AchievedVsRequested, ErrorRateChart, seriesBy, slug } from "./throughput-charts";

const ms = (v: number) => (v >= 10 ? v.toFixed(0) : v >= 1 ? v.toFixed(1) : v.toFixed(2));

const protocolLabel = (p: TLoadPoint) =>
  p.protocol === "tcp" ? "L4 tcp" : `L7 ${p.protocol ?? "http1"}`;

/** E: max-throughput levels, achieved QPS vs connections per variant, split by protocol (L4/L7). */
export function ThroughputVsConnections({
  points,
  filename,
}: {
  points: TLoadPoint[];
  filename: string;
}) {
  const max = points.filter((p) => p.requestedQps === null);
  return (
    <SeriesLineChart
      title="Max throughput vs connections"
      filename={`${filename}-throughput-vs-connections`}
      series={seriesBy(
        max,
        (p) => `${p.variant} · ${protocolLabel(p)}`,
        (p) => p.connections,
        (p) => p.achievedQps,
      )}
      xLabel="connections"
      yLabel="achieved QPS"
      xLogToggle
      xLogDefault
      emptyText="No max-throughput (QPS max) levels in this run."
      singleXText="Max throughput was measured at a single connection count: see the tables."
    />
  );
}

/** D/E: P90 and P99 vs connections at each fixed QPS, per variant and protocol. */
export function LatencyVsConnections({
  points,
  filename,
}: {
  points: TLoadPoint[];
  filename: string;
}) {
  const fixed = points.filter((p) => p.requestedQps !== null && !p.saturated);
  const key = (p: TLoadPoint) => `${p.variant} · ${protocolLabel(p)} · ${p.requestedQps} QPS`;
  return (
    <div className="chart-grid">
      {(["p90", "p99"] as const).map((stat) => (
        <SeriesLineChart
          key={stat}
          title={`${stat.toUpperCase()} latency vs connections (fixed QPS)`}
          filename={`${filename}-${stat}-vs-connections`}
          series={seriesBy(
            fixed,
            key,
            (p) => p.connections,
            (p) => secondsToMs(p.stats[stat]),
          )}
          xLabel="connections"
          yLabel="latency (ms)"
          formatY={ms}
          xLogToggle
          emptyText="No fixed-QPS levels."
          singleXText="This run uses a single connection count: see the percentile tables."
        />
      ))}
    </div>
  );
}

/**
 * Saturation drawn, not hidden: achieved vs requested with each variant's knee marked, error rate,
 * and latency vs achieved QPS (saturated levels included on the first two).
 */
export function LoadCurveCharts({
  points,
  knees,
  filename,
}: {
  points: TLoadPoint[];
  knees: { variant: string; kneeQps: number | null }[];
  filename: string;
}) {
  const fixed = points.filter((p) => p.requestedQps !== null);
  return (
    <div className="chart-grid">
      <AchievedVsRequested points={points} knees={knees} filename={filename} />
      <ErrorRateChart points={points} filename={filename} />
      <SeriesLineChart
        title="P99 latency vs achieved QPS"
        filename={`${filename}-load-latency`}
        series={seriesBy(
          fixed,
          (p) => p.variant,
          (p) => p.achievedQps,
          (p) => secondsToMs(p.stats.p99),
        )}
        xLabel="achieved QPS"
        yLabel="latency (ms)"
        formatY={ms}
        emptyText="No latency at fixed-QPS levels."
      />
    </div>
  );
}

function fitted(fit: TResourceCurve["cpuFit"], steps = 24) {
  if (!fit) return [];
  return Array.from({ length: steps + 1 }, (_, i) => {
    const x = fit.xMin + ((fit.xMax - fit.xMin) * i) / steps;
    return { x, y: fit.a + fit.b * x + fit.c * x * x };
  });
}

/** Resources vs achieved RPS for one role: one line of points per variant, the fitted quadratic dashed. */
export function ResourcesVsRps({
  curves,
  role,
  filename,
}: {
  curves: TResourceCurve[];
  role: string;
  filename: string;
}) {
  const mine = curves.filter((c) => c.role === role);
  const build = (
    y: (p: TResourceCurve["points"][number]) => number,
    fit: (c: TResourceCurve) => TResourceCurve["cpuFit"],
  ) =>
    mine.flatMap((c): ChartSeries[] => [
      {
        id: slug(c.variant),
        label: c.variant,
        points: c.points.map((p) => ({ x: p.achievedQps, y: y(p) })),
      },
      ...(fit(c)
        ? [
            {
              id: `${slug(c.variant)}-fit`,
              label: `${c.variant} fit`,
              dashed: true,
              points: fitted(fit(c)),
            },
          ]
        : []),
    ]);
  return (
    <div className="chart-grid" data-role={role}>
      <SeriesLineChart
        title={`${role} CPU vs achieved RPS`}
        filename={`${filename}-${role}-cpu-vs-rps`}
        series={build(
          (p) => p.cpuMillicores,
          (c) => c.cpuFit,
        )}
        xLabel="achieved RPS"
        yLabel="CPU (millicores)"
      />
      <SeriesLineChart
        title={`${role} memory vs achieved RPS`}
        filename={`${filename}-${role}-memory-vs-rps`}
        series={build(
          (p) => p.memoryMb,
          (c) => c.memoryMbFit,
        )}
        xLabel="achieved RPS"
        yLabel="memory (MB)"
      />
    </div>
  );
}
