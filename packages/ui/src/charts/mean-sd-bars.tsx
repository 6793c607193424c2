"use client";
import { STATISTIC_LABELS, type TLevelReport } from "@meshbench/contracts";
import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { SERIES_COLORS } from "./line-chart";

/**
 * Mean ± SD over repetitions per statistic and variant (C's bar chart with error bars), one chart
 * per load level. Values in ms; the SD is the repetitions' sample SD.
 */
export function MeanSdBars({ level }: { level: TLevelReport }) {
  const rows = level.rows.filter((r) => r.repetitions > 0);
  const data = (rows[0]?.stats ?? []).map((cell) => {
    const point: Record<string, number | string | [number, number] | null> = {
      stat: STATISTIC_LABELS[cell.stat],
    };
    for (const r of rows) {
      const c = r.stats.find((s) => s.stat === cell.stat);
      point[r.variant] = c?.mean === null || c?.mean === undefined ? null : c.mean * 1000;
      point[`${r.variant}-sd`] = c?.sd === null || c?.sd === undefined ? 0 : c.sd * 1000;
    }
    return point;
  });
  if (rows.length === 0) return <div className="empty">No repetitions at this level.</div>;
  return (
    <figure
      className="chart panel"
      data-chart={`mean-sd-${level.level.key}`}
      aria-label={`Mean ± SD ${level.label}`}
    >
      <figcaption className="chart-head">
        <h3>Mean ± SD over repetitions · {level.label}</h3>
      </figcaption>
      <div className="chart-body" style={{ height: 280 }}>
        <ResponsiveContainer width="100%" height="100%" minWidth={200}>
          <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="stat" stroke="var(--muted)" />
            <YAxis
              stroke="var(--muted)"
              width={64}
              label={{ value: "ms", angle: -90, position: "insideLeft", fill: "var(--muted)" }}
            />
            <Tooltip
              formatter={(v) => `${Number(v).toFixed(3)} ms`}
              contentStyle={{ background: "var(--panel)", border: "1px solid var(--border)" }}
            />
            <Legend />
            {rows.map((r, i) => (
              <Bar
                key={r.variant}
                dataKey={r.variant}
                fill={SERIES_COLORS[i % SERIES_COLORS.length]}
                isAnimationActive={false}
              >
                <ErrorBar dataKey={`${r.variant}-sd`} width={4} stroke="var(--text)" />
              </Bar>
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
