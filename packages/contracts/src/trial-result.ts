import { z } from "zod";

/**
 * The canonical result of one load-generator trial, whatever tool produced it.
 * Units are normalised once, at import (packages/formats): latencies in **seconds** (float64,
 * so Fortio's nanosecond-precise bucket edges stay exact), rates in requests per second, sizes
 * in bytes. Fortio JSON is already in seconds and kept bit for bit; Nighthawk's "0.000190007s"
 * durations become nanoseconds / 1e9 (the same double Nighthawk's own Fortio output writes);
 * wrk's us/ms/s strings, SMP's and Locust's milliseconds are converted once.
 */
export const ZLoadGenerator = z.enum(["fortio", "nighthawk", "wrk", "smp", "locust"]);
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

/**
 * An exact latency histogram (Fortio's buckets kept as they are, empty buckets dropped).
 * Buckets are sorted and do not overlap; the first starts at `min` and the last ends at `max`
 * (Fortio's convention). `stddev` is the source's population standard deviation: absent or null
 * when the source did not report it (it cannot be recovered from the buckets).
 */
export const ZHistogram = z.object({
  count: z.number().int().nonnegative(),
  min: z.number().nonnegative(),
  max: z.number().nonnegative(),
  sum: z.number().nonnegative(),
  stddev: z.number().nonnegative().nullable().optional(),
  buckets: z.array(ZHistogramBucket),
});
export type THistogram = z.infer<typeof ZHistogram>;

/**
 * Summary latencies in seconds; null where the source did not report the statistic.
 * `p9999` came later than the others: summaries stored before it read back with null there.
 */
export const ZLatencySummary = z.object({
  min: z.number().nullable(),
  avg: z.number().nullable(),
  p50: z.number().nullable(),
  p75: z.number().nullable(),
  p90: z.number().nullable(),
  p99: z.number().nullable(),
  p999: z.number().nullable(),
  p9999: z.number().nullable().default(null),
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
  /** null when the source does not say (SMP results). */
  connections: z.number().int().positive().nullable(),
  requestCount: z.number().int().nonnegative(),
  errorCount: z.number().int().nonnegative(),
  retCodes: z.record(z.string(), z.number().int().nonnegative()),
  resolutionSeconds: z.number().positive().nullable(),
  protocol: ZProtocol,
  keepAlive: z.boolean(),
  payloadBytes: z.number().int().nonnegative(),
  /** null for summary-only sources (wrk, SMP, Locust): such trials cannot be pooled. */
  histogram: ZHistogram.nullable(),
  summary: ZLatencySummary,
  /** Sizes, connection stats and other details; never credentials or payload contents. */
  meta: z.record(z.string(), z.unknown()),
});
export type TTrialResult = z.infer<typeof ZTrialResult>;
