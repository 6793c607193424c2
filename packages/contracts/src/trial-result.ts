import { z } from "zod";

/**
 * The canonical result of one load-generator trial, whatever tool produced it.
 * Units are normalised once, at import: latencies in **seconds** (float64, so Fortio's
 * nanosecond-precise bucket edges stay exact), rates in requests per second, sizes in bytes.
 */
export const ZLoadGenerator = z.enum(["fortio", "nighthawk", "wrk", "smp"]);
export type TLoadGenerator = z.infer<typeof ZLoadGenerator>;

export const ZProtocol = z.enum(["http1", "h2", "grpc", "tcp", "udp"]);
export type TProtocol = z.infer<typeof ZProtocol>;

/** One histogram bucket: [start, end] in seconds holding `count` samples. */
export const ZHistogramBucket = z.object({
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  count: z.number().int().nonnegative(),
});
export type THistogramBucket = z.infer<typeof ZHistogramBucket>;

/** An exact latency histogram (Fortio's buckets kept as they are). */
export const ZHistogram = z.object({
  count: z.number().int().nonnegative(),
  min: z.number().nonnegative(),
  max: z.number().nonnegative(),
  sum: z.number().nonnegative(),
  buckets: z.array(ZHistogramBucket),
});
export type THistogram = z.infer<typeof ZHistogram>;

/** Summary latencies in seconds; null where the source did not report the statistic. */
export const ZLatencySummary = z.object({
  min: z.number().nullable(),
  avg: z.number().nullable(),
  p50: z.number().nullable(),
  p75: z.number().nullable(),
  p90: z.number().nullable(),
  p99: z.number().nullable(),
  p999: z.number().nullable(),
  max: z.number().nullable(),
  stddev: z.number().nullable(),
});
export type TLatencySummary = z.infer<typeof ZLatencySummary>;

export const ZTrialResult = z.object({
  loadGenerator: ZLoadGenerator,
  runType: z.string().nullable(),
  labels: z.string(),
  startedAt: z.string().nullable(),
  /** null means "max": as fast as possible. */
  requestedQps: z.number().positive().nullable(),
  requestedDurationSeconds: z.number().nonnegative().nullable(),
  actualQps: z.number().nonnegative(),
  actualDurationSeconds: z.number().nonnegative(),
  connections: z.number().int().positive(),
  requestCount: z.number().int().nonnegative(),
  errorCount: z.number().int().nonnegative(),
  retCodes: z.record(z.string(), z.number().int().nonnegative()),
  resolutionSeconds: z.number().positive().nullable(),
  protocol: ZProtocol,
  keepAlive: z.boolean(),
  payloadBytes: z.number().int().nonnegative(),
  /** null for summary-only sources (wrk, SMP): such trials cannot be pooled. */
  histogram: ZHistogram.nullable(),
  summary: ZLatencySummary,
  /** Sizes, connection stats and other details; never credentials or payload contents. */
  meta: z.record(z.string(), z.unknown()),
});
export type TTrialResult = z.infer<typeof ZTrialResult>;
