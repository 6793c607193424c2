"use client";
import { STATISTIC_LABELS, type TBenchmarkHistory } from "@meshbench/contracts";
import { useId } from "react";
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { niceAxis } from "../ticks";
import { colorAt, SeriesLegend, useHiddenSeries } from "./legend";

export type TrendAxis = "commit" | "tag" | "meshVersion" | "date";

export type TrendChartProps = {
  history: TBenchmarkHistory;
  /** What labels the x axis: the commit, tag or mesh version each run was measured at. */
  axis: TrendAxis;
  height?: number;
};

function runLabel(run: TBenchmarkHistory["runs"][number], axis: TrendAxis): string {
  const fallback = run.createdAt.slice(0, 10);
  if (axis === "commit") return run.gitCommit?.slice(0, 8) ?? fallback;
  if (axis === "tag") return run.tag ?? fallback;
  if (axis === "meshVersion")
    return run.meshVersion ? `${run.mesh ?? ""} ${run.meshVersion}`.trim() : fallback;
  return `${fallback} ${run.createdAt.slice(11, 16)}`;
}

const AXIS_NAMES: Record<TrendAxis, string> = {
  commit: "commit",
  tag: "tag",
  meshVersion: "mesh version",
  date: "date",
};

const MARKER_COLORS = { mesh: "#8250df", environment: "#57606a" } as const;

/**
 * A statistic's trend across a benchmark's runs: one line per variant and load level, dashed
 * budget lines, a vertical line at each detected change point (dismissed ones grey and dotted),
 * a labelled line where a mesh version ("istio 1.30 → 1.31") or the environment changed, and each
 * point a link to its run. Excluded runs are not drawn (the runs table lists them, greyed). Data
 * comes computed from the server (core); this only draws it.
 */
export function TrendChart({ history, axis, height = 360 }: TrendChartProps) {
  const { hidden, toggle } = useHiddenSeries();
  const headingId = useId();
  const rows = history.runs
    .filter((run) => !run.exclusion)
    .map((run, index) => {
      const row: Record<string, number | string | null> = {
        index,
        runId: run.runId,
        label: runLabel(run, axis),
      };
      for (const s of history.series)
        row[s.label] = s.points.find((p) => p.runId === run.runId)?.valueMs ?? null;
      return row;
    });
  if (rows.length === 0) return <p className="empty">No succeeded runs yet.</p>;
  const y = niceAxis(
    [
      ...history.series.flatMap((s) => s.points.map((p) => p.valueMs)),
      ...history.budgetLines.map((b) => b.valueMs),
    ],
    { zero: true },
  );
  const statistic = STATISTIC_LABELS[history.statistic];
  const title = `${statistic} across ${AXIS_NAMES[axis]}s`;
  const open = (runId: unknown) => {
    if (typeof runId === "string") window.location.assign(`/runs/${runId}`);
  };
  return (
    <figure className="chart panel" aria-labelledby={headingId} data-chart="trend">
      <figcaption className="chart-head">
        <h3 id={headingId}>{title}</h3>
      </figcaption>
      <ResponsiveContainer width="100%" height={height}>
        <LineChart
          data={rows}
          margin={{ top: 12, right: 24, bottom: 24, left: 12 }}
          onClick={(state) => open(rows[Number(state.activeTooltipIndex)]?.runId)}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="label"
            className="axis-category"
            label={{ value: AXIS_NAMES[axis], position: "insideBottom", offset: -12 }}
          />
          <YAxis
            domain={y.domain}
            ticks={y.ticks}
            interval={0}
            tickFormatter={y.format}
            label={{ value: `${statistic} (ms)`, angle: -90, position: "insideLeft" }}
          />
          <Tooltip formatter={(v) => (typeof v === "number" ? `${v.toFixed(3)} ms` : String(v))} />
          {history.series.map((s, i) => (
            <Line
              key={s.label}
              dataKey={s.label}
              hide={hidden.has(s.label)}
              stroke={colorAt(i)}
              connectNulls
              isAnimationActive={false}
              activeDot={{ r: 6, cursor: "pointer" }}
            />
          ))}
          {(history.changePoints ?? []).map((c) => {
            const at = rows.find((r) => r.runId === c.runId);
            if (!at) return null;
            const dismissed = c.status === "dismissed";
            return (
              <ReferenceLine
                key={`${c.seriesKey}@${c.runId}`}
                x={at.label ?? undefined}
                stroke={dismissed ? "#8c959f" : "#bf8700"}
                strokeOpacity={dismissed ? 0.5 : 1}
                strokeDasharray={dismissed ? "2 4" : undefined}
                label={{
                  value: `${dismissed ? "dismissed " : ""}change: ${c.seriesLabel}`,
                  position: "insideTopLeft",
                  fontSize: 11,
                }}
              />
            );
          })}
          {history.markers.map((m) => {
            const at = rows.find((r) => r.runId === m.runId);
            if (!at) return null;
            return (
              <ReferenceLine
                key={`${m.kind}@${m.runId}`}
                className={`history-marker history-marker-${m.kind}`}
                x={at.label ?? undefined}
                stroke={MARKER_COLORS[m.kind]}
                strokeWidth={2}
                label={{ value: m.label, position: "insideBottomLeft", fontSize: 11 }}
              />
            );
          })}
          {history.budgetLines.map((b) => (
            <ReferenceLine
              key={b.label}
              y={b.valueMs}
              stroke="#cf222e"
              strokeDasharray="6 4"
              label={{ value: b.label, position: "insideTopRight" }}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
      <SeriesLegend
        name={title}
        items={history.series.map((s, i) => ({ id: s.label, label: s.label, color: colorAt(i) }))}
        hidden={hidden}
        toggle={toggle}
      />
    </figure>
  );
}
