"use client";
import { useId, useRef, useState } from "react";
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { exportPng, exportSvg } from "../export-image";
import { StaticSeries, type XY } from "./static-series";

export type { XY };
export type ChartSeries = { id: string; label: string; points: XY[]; dashed?: boolean };

/** Colour-blind-safe palette (Okabe–Ito), readable on light and dark panels. */
export const SERIES_COLORS = [
  "#0072B2",
  "#D55E00",
  "#009E73",
  "#CC79A7",
  "#E69F00",
  "#56B4E9",
  "#8c8c8c",
  "#F0E442",
];

export type LineChartProps = {
  title: string;
  /** Base name of exported files. */
  filename: string;
  series: ChartSeries[];
  xLabel: string;
  yLabel: string;
  formatX?: (v: number) => string;
  formatY?: (v: number) => string;
  /** Offer a log/linear toggle for the x axis; start in log when xLogDefault. */
  xLogToggle?: boolean;
  xLogDefault?: boolean;
  yLog?: boolean;
  yLogToggle?: boolean;
  yDomain?: [number | "auto" | "dataMin" | "dataMax", number | "auto" | "dataMin" | "dataMax"];
  yTicks?: number[];
  step?: boolean;
  height?: number;
  /** Shown instead of the chart when there is nothing to plot. */
  emptyText?: string;
};

const fmt = (v: number) =>
  Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toPrecision(2);

/**
 * A Recharts line chart with the controls every chart here has: log/linear axis toggles, a
 * keyboard-operable legend that hides and shows series, and SVG/PNG export.
 */
export function SeriesLineChart(props: LineChartProps) {
  const { series, formatX = fmt, formatY = fmt } = props;
  const [xLog, setXLog] = useState(props.xLogDefault ?? false);
  const [yLog, setYLog] = useState(props.yLog ?? false);
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const plotted = series.filter((s) => s.points.length > 0);
  const positive = (p: XY) => (!xLog || p.x > 0) && (!yLog || p.y > 0);
  const toggle = (id: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <figure className="chart panel" aria-labelledby={headingId} data-chart={props.filename}>
      <figcaption className="chart-head">
        <h3 id={headingId}>{props.title}</h3>
        <div className="chart-tools" role="toolbar" aria-label={`${props.title} controls`}>
          {props.xLogToggle ? (
            <button type="button" aria-pressed={xLog} onClick={() => setXLog((v) => !v)}>
              x: {xLog ? "log" : "linear"}
            </button>
          ) : null}
          {props.yLogToggle ? (
            <button type="button" aria-pressed={yLog} onClick={() => setYLog((v) => !v)}>
              y: {yLog ? "log" : "linear"}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => exportSvg(box.current, props.filename)}
            disabled={plotted.length === 0}
          >
            SVG
          </button>
          <button
            type="button"
            onClick={() => exportPng(box.current, props.filename)}
            disabled={plotted.length === 0}
          >
            PNG
          </button>
        </div>
      </figcaption>
      {plotted.length === 0 ? (
        <div className="empty">{props.emptyText ?? "Nothing to plot yet."}</div>
      ) : (
        <>
          <div ref={box} className="chart-body" style={{ height: props.height ?? 280 }}>
            <StaticSeries
              series={plotted.map((s) => ({
                id: s.id,
                points: s.points,
                dashed: s.dashed,
                color: SERIES_COLORS[series.indexOf(s) % SERIES_COLORS.length]!,
              }))}
              xLog={xLog}
              yLog={yLog}
              yDomain={props.yDomain}
              step={props.step}
            />
            <ResponsiveContainer width="100%" height="100%" minWidth={200}>
              <LineChart margin={{ top: 8, right: 16, bottom: 24, left: 16 }}>
                <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
                <XAxis
                  type="number"
                  dataKey="x"
                  scale={xLog ? "log" : "linear"}
                  domain={["dataMin", "dataMax"]}
                  allowDataOverflow
                  tickFormatter={formatX}
                  stroke="var(--muted)"
                  label={{
                    value: props.xLabel,
                    position: "insideBottom",
                    offset: -14,
                    fill: "var(--muted)",
                  }}
                />
                <YAxis
                  type="number"
                  dataKey="y"
                  scale={yLog ? "log" : "linear"}
                  domain={props.yDomain ?? (yLog ? ["dataMin", "dataMax"] : ["auto", "auto"])}
                  ticks={props.yTicks}
                  allowDataOverflow
                  tickFormatter={formatY}
                  stroke="var(--muted)"
                  width={64}
                  label={{
                    value: props.yLabel,
                    angle: -90,
                    position: "insideLeft",
                    offset: 0,
                    fill: "var(--muted)",
                    style: { textAnchor: "middle" },
                  }}
                />
                <Tooltip
                  formatter={(value) => formatY(Number(value))}
                  labelFormatter={(label) => `${props.xLabel}: ${formatX(Number(label))}`}
                  contentStyle={{
                    background: "var(--panel)",
                    border: "1px solid var(--border)",
                    color: "var(--text)",
                  }}
                />
                {plotted.map((s) =>
                  hidden.has(s.id) ? null : (
                    <Line
                      key={s.id}
                      data={s.points.filter(positive)}
                      dataKey="y"
                      name={s.label}
                      type={props.step ? "stepAfter" : "linear"}
                      stroke={SERIES_COLORS[series.indexOf(s) % SERIES_COLORS.length]}
                      strokeWidth={2}
                      strokeDasharray={s.dashed ? "6 4" : undefined}
                      dot={s.points.length <= 12}
                      isAnimationActive={false}
                      className={`series series-${s.id}`}
                    />
                  ),
                )}
              </LineChart>
            </ResponsiveContainer>
          </div>
          <ul className="legend" aria-label={`${props.title} series`}>
            {plotted.map((s) => (
              <li key={s.id}>
                <button type="button" aria-pressed={!hidden.has(s.id)} onClick={() => toggle(s.id)}>
                  <span
                    className="swatch"
                    style={{ background: SERIES_COLORS[series.indexOf(s) % SERIES_COLORS.length] }}
                  />
                  {s.label}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  );
}
