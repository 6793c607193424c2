"use client";
import { STATISTIC_LABELS, secondsToMs } from "@meshbench/contracts";
import { useId } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { niceAxis } from "../ticks";
import { colorAt, SeriesLegend, useHiddenSeries } from "./legend";
import type { MeanSdLevel } from "./mean-sd-level";

/**
 * Mean ± SD over repetitions per statistic and variant (C's bar chart with error bars), one chart
 * per load level. Values in ms; the SD is the repetitions' sample SD. Every statistic is labelled
 * (p99.99 included) and the y axis covers the error bars' tops.
 */
export function MeanSdBars({ level }: { level: MeanSdLevel }) {
  const { hidden, toggle } = useHiddenSeries();
  const headingId = useId();
  const rows = level.rows.filter((r) => r.repetitions > 0);
  const tops: number[] = [];
  const data = (rows[0]?.stats ?? []).map((cell) => {
    const point: Record<string, number | string | null> = {
      stat: STATISTIC_LABELS[cell.stat],
    };
    for (const r of rows) {
      const c = r.stats.find((s) => s.stat === cell.stat);
      const mean = secondsToMs(c?.mean);
      const sd = secondsToMs(c?.sd) ?? 0;
      point[r.variant] = mean;
      point[`${r.variant}-sd`] = sd;
      if (mean !== null) tops.push(mean + sd);
    }
    return point;
  });
  if (rows.length === 0) return <div className="empty">No repetitions at this level.</div>;
  const y = niceAxis(tops, { zero: true });
  const title = `Mean ± SD · ${level.label}`;
  return (
    <figure className="chart panel" data-chart={`mean-sd-${level.key}`} aria-labelledby={headingId}>
      <figcaption className="chart-head">
        <h3 id={headingId}>{title}</h3>
      </figcaption>
      <div className="chart-body" style={{ height: 280 }}>
        <ResponsiveContainer width="100%" height="100%" minWidth={200}>
          <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis
              dataKey="stat"
              stroke="var(--muted)"
              className="axis-category"
              interval={0}
              angle={-35}
              textAnchor="end"
              height={44}
            />
            <YAxis
              stroke="var(--muted)"
              width={64}
              domain={y.domain}
              ticks={y.ticks}
              interval={0}
              tickFormatter={y.format}
              label={{ value: "ms", angle: -90, position: "insideLeft", fill: "var(--muted)" }}
            />
            <Tooltip
              formatter={(v) => `${Number(v).toFixed(3)} ms`}
              contentStyle={{ background: "var(--panel)", border: "1px solid var(--border)" }}
            />
            {rows.map((r, i) =>
              hidden.has(r.variant) ? null : (
                <Bar
                  key={r.variant}
                  dataKey={r.variant}
                  fill={colorAt(i)}
                  isAnimationActive={false}
                >
                  <ErrorBar dataKey={`${r.variant}-sd`} width={4} stroke="var(--text)" />
                </Bar>
              ),
            )}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <SeriesLegend
        name={title}
        items={rows.map((r, i) => ({ id: r.variant, label: r.variant, color: colorAt(i) }))}
        hidden={hidden}
        toggle={toggle}
      />
    </figure>
  );
}
