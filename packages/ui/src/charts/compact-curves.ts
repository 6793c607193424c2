import type { TSeriesCurves } from "@meshbench/contracts";

/** Latencies (seconds) keep 9 significant digits: float noise like 0.00030000000000000003 goes. */
const latency = (v: number) => Number(v.toPrecision(9));
/** Shares keep 6 significant digits (a CCDF's tail stays exact in relative terms). */
const share = (v: number) => Number(v.toPrecision(6));

/**
 * The distribution charts' curves with no more digits than a chart can show. A server page passes
 * these to the client chart: its props travel in the page's RSC payload, where a point's
 * 17-digit floats cost twice what the chart needs.
 */
export function compactCurves(series: TSeriesCurves[]): TSeriesCurves[] {
  return series.map((s) => ({
    id: s.id,
    label: s.label,
    cdf: s.cdf.map((p) => ({ latency: latency(p.latency), fraction: share(p.fraction) })),
    ccdf: s.ccdf.map((p) => ({ latency: latency(p.latency), fraction: share(p.fraction) })),
    histogram: s.histogram.map((b) => ({
      start: latency(b.start),
      end: latency(b.end),
      count: b.count,
    })),
  }));
}
