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
import { niceAxis } from "../ticks";
import { colorAt, SeriesLegend, useHiddenSeries } from "./legend";
import { StaticSeries, type XY } from "./static-series";

export type { XY };
export type ChartSeries = { id: string; label: string; points: XY[]; dashed?: boolean };

export type LineChartProps = {
  /** Unique on its page (the e2e checks hold every page to it). */
  title: string;
  /** Base name of exported files. */
  filename: string;
  series: ChartSeries[];
  xLabel: string;
  yLabel: string;
  /** Tooltip values; axis ticks are printed by the tick rule (ticks.ts). */
  formatX?: (v: number) => string;
  formatY?: (v: number) => string;
  /** Offer a log/linear toggle for the x axis; start in log when xLogDefault. */
  xLogToggle?: boolean;
  xLogDefault?: boolean;
  yLog?: boolean;
  yLogToggle?: boolean;
  /** Values the y axis covers besides the data, e.g. [0, 100] for a CDF in percent. */
  yInclude?: number[];
  /** A linear y axis starts at zero unless this is false. */
  yFromZero?: boolean;
  step?: boolean;
  height?: number;
  /** Shown instead of the chart when there is nothing to plot. */
  emptyText?: string;
  /** Shown instead of the chart when every point has the same x (no line to draw). */
  singleXText?: string;
};

const fmt = (v: number) =>
  Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toPrecision(2);

/**
 * A Recharts line chart with the controls every chart here has: log/linear axis toggles, a
 * keyboard-operable legend that hides and shows series, and SVG/PNG export. Axes follow the one
 * tick rule (round 1-2-5 steps); a chart whose points share one x value says so instead of
 * drawing a column of dots.
 */
export function SeriesLineChart(props: LineChartProps) {
  const { series, formatX = fmt, formatY = fmt } = props;
  const [xLog, setXLog] = useState(props.xLogDefault ?? false);
  const [yLog, setYLog] = useState(props.yLog ?? false);
  const { hidden, toggle } = useHiddenSeries();
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const plotted = series.filter((s) => s.points.length > 0);
  const positive = (p: XY) => (!xLog || p.x > 0) && (!yLog || p.y > 0);
  const points = plotted.flatMap((s) => s.points.filter(positive));
  const xs = [...new Set(points.map((p) => p.x))];
  const x = niceAxis(xs, { log: xLog });
  const y = niceAxis([...points.map((p) => p.y), ...(props.yInclude ?? [])], {
    log: yLog,
    zero: props.yFromZero ?? true,
  });
  const color = (s: ChartSeries) => colorAt(series.indexOf(s));
  const drawable = points.length > 0 && xs.length > 1;
  const note =
    plotted.length === 0
      ? (props.emptyText ?? "Nothing to plot yet.")
      : xs.length === 1
        ? (props.singleXText ??
          `Every point is at ${props.xLabel} ${formatX(xs[0]!)}: no line to draw; the tables have the values.`)
        : "Nothing to plot on a log axis.";

  return (
    <figure className="chart panel" aria-labelledby={headingId} data-chart={props.filename}>
      <figcaption className="chart-head">
        <h3 id={headingId}>{props.title}</h3>
        {drawable ? (
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
            <button type="button" onClick={() => exportSvg(box.current, props.filename)}>
              SVG
            </button>
            <button type="button" onClick={() => exportPng(box.current, props.filename)}>
              PNG
            </button>
          </div>
        ) : null}
      </figcaption>
      {!drawable ? (
        <div className="empty">{note}</div>
      ) : (
        <>
          <div ref={box} className="chart-body" style={{ height: props.height ?? 280 }}>
            <StaticSeries
              series={plotted.map((s) => ({
                id: s.id,
                points: s.points,
                dashed: s.dashed,
                color: color(s),
              }))}
              xLog={xLog}
              yLog={yLog}
              xDomain={x.domain}
              yDomain={y.domain}
              step={props.step}
            />
            <ResponsiveContainer width="100%" height="100%" minWidth={200}>
              <LineChart margin={{ top: 8, right: 16, bottom: 24, left: 16 }}>
                <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
                <XAxis
                  type="number"
                  dataKey="x"
                  scale={xLog ? "log" : "linear"}
                  domain={x.domain}
                  ticks={x.ticks}
                  interval={0}
                  allowDataOverflow
                  tickFormatter={x.format}
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
                  domain={y.domain}
                  ticks={y.ticks}
                  interval={0}
                  allowDataOverflow
                  tickFormatter={y.format}
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
                      stroke={color(s)}
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
          <SeriesLegend
            name={props.title}
            items={plotted.map((s) => ({ id: s.id, label: s.label, color: color(s) }))}
            hidden={hidden}
            toggle={toggle}
          />
        </>
      )}
    </figure>
  );
}
