import type { THistogram } from "@meshbench/contracts";

export interface LatencyPoint {
  latency: number;
  fraction: number;
}

export interface CdfOptions {
  /** Multiplies every latency, e.g. 1000 to plot milliseconds. Default 1 (seconds). */
  scale?: number;
}

export interface CcdfOptions extends CdfOptions {
  /** Drop points whose tail fraction is 0 (the last one): a log axis cannot show them. Default true. */
  dropZero?: boolean;
}

/**
 * The CDF as a polyline whose linear pieces are exactly Fortio's interpolation, so reading the
 * curve at fraction q gives the same value as the percentile table (min covers 1/count; each
 * bucket rises linearly from the previous cumulative fraction at its start to its own at its
 * end; gaps between buckets are flat). One point per bucket edge: a few dozen for Fortio.
 */
export function cdfPoints(h: THistogram, opts: CdfOptions = {}): LatencyPoint[] {
  if (h.count === 0 || h.buckets.length === 0) return [];
  const scale = opts.scale ?? 1;
  const points: LatencyPoint[] = [];
  const push = (latency: number, fraction: number) => {
    const last = points[points.length - 1];
    if (last && last.latency === latency * scale && last.fraction === fraction) return;
    points.push({ latency: latency * scale, fraction });
  };
  push(h.min, 1 / h.count);
  let cumulative = 0;
  let previousEnd = h.min;
  for (const bucket of h.buckets) {
    if (bucket.count === 0) continue;
    if (bucket.start > previousEnd) push(bucket.start, cumulative / h.count);
    cumulative += bucket.count;
    push(bucket.end, cumulative / h.count);
    previousEnd = bucket.end;
  }
  return points;
}

/** The complementary CDF (fraction slower than each latency), for a log tail axis. */
export function ccdfPoints(h: THistogram, opts: CcdfOptions = {}): LatencyPoint[] {
  const dropZero = opts.dropZero ?? true;
  return cdfPoints(h, opts)
    .map((p) => ({ latency: p.latency, fraction: 1 - p.fraction }))
    .filter((p) => !dropZero || p.fraction > 0);
}
