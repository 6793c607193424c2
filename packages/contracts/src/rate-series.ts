import { z } from "zod";

/**
 * Throughput over time within a trial: per interval (1 s unless said), the requests that ended
 * in it and how many of them failed, counted from the trial's start. Compact on purpose: two
 * arrays of counts, one entry per interval.
 */
export const ZRateSeries = z
  .object({
    intervalSeconds: z.number().positive().max(60),
    requests: z.array(z.number().int().min(0)).max(86_400),
    errors: z.array(z.number().int().min(0)).max(86_400),
  })
  .refine((s) => s.requests.length === s.errors.length, {
    message: "requests and errors need one entry per interval each",
    path: ["errors"],
  })
  .refine((s) => s.errors.every((e, i) => e <= (s.requests[i] ?? 0)), {
    message: "an interval cannot fail more requests than it ended",
    path: ["errors"],
  });
export type TRateSeries = z.infer<typeof ZRateSeries>;

/** An interval whose rate fell below the trial's threshold: a warm-up tail or a stall. */
export const ZRateDip = z.object({
  /** Seconds from the trial's start to the interval's start. */
  fromSeconds: z.number(),
  qps: z.number(),
  /** Share of the trial's mean rate, e.g. 0.4. */
  shareOfMean: z.number(),
  kind: z.enum(["warm_up", "stall", "tail"]),
});
export type TRateDip = z.infer<typeof ZRateDip>;

/** One trial's series as the run page draws it (loaded when the trial is selected). */
export const ZTrialRateSeries = z.object({
  trialId: z.string(),
  series: ZRateSeries.nullable(),
  meanQps: z.number().nullable(),
  /** Below this share of the mean an interval is a dip (`RATE_DIP_SHARE`). */
  dipShare: z.number(),
  dips: z.array(ZRateDip),
});
export type TTrialRateSeries = z.infer<typeof ZTrialRateSeries>;
