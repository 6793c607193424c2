/** One point of a series (a line chart and its static SVG share it). */
export type XY = { x: number; y: number };

type Domain = [number | "auto" | "dataMin" | "dataMax", number | "auto" | "dataMin" | "dataMax"];

export type StaticSeriesProps = {
  series: { id: string; points: XY[]; color: string; dashed?: boolean }[];
  xLog: boolean;
  yLog: boolean;
  yDomain?: Domain;
  step?: boolean;
};

const VIEW = 1000;

function extent(values: number[], domain: Domain | undefined): [number, number] {
  const lo = typeof domain?.[0] === "number" ? domain[0] : Math.min(...values);
  const hi = typeof domain?.[1] === "number" ? domain[1] : Math.max(...values);
  return lo === hi ? [lo - 1, hi + 1] : [lo, hi];
}

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
export function StaticSeries({ series, xLog, yLog, yDomain, step }: StaticSeriesProps) {
  const usable = series.map((s) => ({
    ...s,
    points: s.points.filter((p) => (!xLog || p.x > 0) && (!yLog || p.y > 0)),
  }));
  const all = usable.flatMap((s) => s.points);
  if (all.length === 0) return null;
  const x = scale(
    extent(
      all.map((p) => p.x),
      undefined,
    ),
    xLog,
    false,
  );
  const y = scale(
    extent(
      all.map((p) => p.y),
      yDomain,
    ),
    yLog,
    true,
  );
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
