/** One point of a series (a line chart and its static SVG share it). */
export type XY = { x: number; y: number };

export type StaticSeriesProps = {
  series: { id: string; points: XY[]; color: string; dashed?: boolean }[];
  xLog: boolean;
  yLog: boolean;
  /** The axes' domains (the tick rule's), so the first paint lines up with the chart. */
  xDomain: [number, number];
  yDomain: [number, number];
  step?: boolean;
};

const VIEW = 1000;

function scale([lo, hi]: [number, number], log: boolean, flip: boolean) {
  const f = log ? Math.log10 : (v: number) => v;
  const a = f(lo);
  const b = f(hi);
  return (v: number) => {
    const t = (f(v) - a) / (b - a);
    return Math.round((flip ? 1 - t : t) * VIEW * 10) / 10;
  };
}

/**
 * The series as plain SVG, rendered on the server: the chart's data is on screen with the first
 * paint, before the interactive Recharts chart has loaded and measured itself (which takes most
 * of a second on a cold load). Same plot area, scales and colours; no axes or tooltips. CSS
 * hides it once Recharts has drawn (`.chart-body:has(.recharts-surface) .chart-static`).
 */
export function StaticSeries({ series, xLog, yLog, xDomain, yDomain, step }: StaticSeriesProps) {
  const usable = series.map((s) => ({
    ...s,
    points: s.points.filter((p) => (!xLog || p.x > 0) && (!yLog || p.y > 0)),
  }));
  if (usable.every((s) => s.points.length === 0)) return null;
  const x = scale(xDomain, xLog, false);
  const y = scale(yDomain, yLog, true);
  return (
    <div className="chart-static" aria-hidden="true">
      <svg viewBox={`0 0 ${VIEW} ${VIEW}`} preserveAspectRatio="none" width="100%" height="100%">
        {usable.map((s) =>
          s.points.length === 0 ? null : (
            <path
              key={s.id}
              data-points={s.points.length}
              d={s.points
                .map((p, i) =>
                  i === 0
                    ? `M${x(p.x)},${y(p.y)}`
                    : step
                      ? `H${x(p.x)}V${y(p.y)}`
                      : `L${x(p.x)},${y(p.y)}`,
                )
                .join("")}
              fill="none"
              stroke={s.color}
              strokeWidth={2}
              strokeDasharray={s.dashed ? "6 4" : undefined}
              vectorEffect="non-scaling-stroke"
            />
          ),
        )}
      </svg>
    </div>
  );
}
