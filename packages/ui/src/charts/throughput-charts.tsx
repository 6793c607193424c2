"use client";
import type { TLoadPoint } from "@meshbench/contracts";
import { type ChartSeries, SeriesLineChart } from "./line-chart";

export const slug = (s: string) => s.replace(/[^a-z0-9]+/gi, "-");

/** Load points as one line per `key`, sorted by x; points without an x or y are left out. */
export function seriesBy(
  points: TLoadPoint[],
  key: (p: TLoadPoint) => string,
  x: (p: TLoadPoint) => number | null,
  y: (p: TLoadPoint) => number | null,
): ChartSeries[] {
  const groups = new Map<string, TLoadPoint[]>();
  for (const p of points) groups.set(key(p), [...(groups.get(key(p)) ?? []), p]);
  return [...groups].map(([label, ps]) => ({
    id: slug(label),
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

const fixedQps = (points: TLoadPoint[]) => points.filter((p) => p.requestedQps !== null);

/** A line per variant, split by connections when the run has several (one x per line). */
function variantKey(points: TLoadPoint[]) {
  const several = new Set(points.map((p) => p.connections)).size > 1;
  return (p: TLoadPoint) => (several ? `${p.variant} · ${p.connections} conns` : p.variant);
}

/** Achieved vs requested QPS at the fixed-QPS levels, the ideal dashed, each variant's knee marked. */
export function AchievedVsRequested({
  points,
  knees,
  filename,
}: {
  points: TLoadPoint[];
  knees: { variant: string; kneeQps: number | null }[];
  filename: string;
}) {
  const fixed = fixedQps(points);
  const achieved = seriesBy(
    fixed,
    variantKey(fixed),
    (p) => p.requestedQps,
    (p) => p.achievedQps,
  );
  const xs = [...new Set(fixed.map((p) => p.requestedQps!))].sort((a, b) => a - b);
  if (xs.length > 0)
    achieved.push({
      id: "ideal",
      label: "requested = achieved",
      dashed: true,
      points: xs.map((x) => ({ x, y: x })),
    });
  for (const k of knees) {
    const at = fixed.find((p) => p.variant === k.variant && p.requestedQps === k.kneeQps);
    if (k.kneeQps !== null && at?.achievedQps != null)
      achieved.push({
        id: `knee-${slug(k.variant)}`,
        label: `${k.variant} knee (${k.kneeQps} QPS)`,
        dashed: true,
        points: [
          { x: k.kneeQps, y: 0 },
          { x: k.kneeQps, y: at.achievedQps },
        ],
      });
  }
  return (
    <SeriesLineChart
      title="Achieved vs requested QPS (knee marked)"
      filename={`${filename}-load-achieved`}
      series={achieved}
      xLabel="requested QPS"
      yLabel="achieved QPS"
      xLogToggle
      emptyText="No fixed-QPS levels."
    />
  );
}

/** Errors in percent of requests at each fixed-QPS level. */
export function ErrorRateChart({ points, filename }: { points: TLoadPoint[]; filename: string }) {
  const fixed = fixedQps(points);
  return (
    <SeriesLineChart
      title="Error rate vs requested QPS"
      filename={`${filename}-load-errors`}
      series={seriesBy(
        fixed,
        variantKey(fixed),
        (p) => p.requestedQps,
        (p) => (p.errorRate === null ? null : p.errorRate * 100),
      )}
      xLabel="requested QPS"
      yLabel="errors (%)"
      formatY={(v) => `${v.toFixed(v >= 1 ? 1 : 2)}%`}
      emptyText="No fixed-QPS levels."
    />
  );
}
