import { z } from "zod";

/** How a variant's capacity search ended (core/capacity's VariantSearchStatus). */
export const ZCapacityStatus = z.enum([
  "searching",
  "converged",
  "at_least",
  "at_cluster_cap",
  "below_minimum",
  "budget_exhausted",
  "load_generator_bound",
]);
export type TCapacityStatus = z.infer<typeof ZCapacityStatus>;

/** One repetition of a probe, as the audit lists it. */
export const ZCapacityProbeRepetition = z.object({
  repetition: z.number().int(),
  trialKey: z.string(),
  actualQps: z.number(),
  /** Seconds; null when the trial recorded no latency. */
  p99: z.number().nullable(),
  errorRate: z.number(),
  passed: z.boolean(),
  /** Which SLO criteria it missed, e.g. "p99 31.2 ms > 25 ms". */
  misses: z.array(z.string()),
});

/** One probe (a QPS level of the search) with its repetitions and verdict. */
export const ZCapacityProbe = z.object({
  requestedQps: z.number(),
  passed: z.boolean().nullable(),
  passes: z.number().int(),
  repetitions: z.array(ZCapacityProbeRepetition),
});
export type TCapacityProbe = z.infer<typeof ZCapacityProbe>;

export const ZVariantCapacityReport = z.object({
  variant: z.string(),
  status: ZCapacityStatus,
  /** Highest passing probe below the first failing one (QPS); null when none passed. */
  capacityQps: z.number().nullable(),
  /** [low, high]; high null when no probe failed (a lower bound only). */
  interval: z.tuple([z.number(), z.number().nullable()]).nullable(),
  lastPass: z.number().nullable(),
  firstFail: z.number().nullable(),
  /** "keeps 86% of baseline capacity (72–97%)"; null on the baseline itself. */
  share: z
    .object({
      share: z.number().nullable(),
      interval: z.tuple([z.number().nullable(), z.number().nullable()]).nullable(),
      sentence: z.string(),
    })
    .nullable(),
  /** A sentence: "1,200 QPS (1,100–1,300), converged". */
  sentence: z.string(),
  /** Every probe in the order of QPS, the audit of the search. */
  probes: z.array(ZCapacityProbe),
});
export type TVariantCapacityReport = z.infer<typeof ZVariantCapacityReport>;

/** A capacity-at-SLO run's result: the SLO searched for and each variant's capacity. */
export const ZCapacityReport = z.object({
  slo: z.object({
    p99Ms: z.number(),
    maxErrorPercent: z.number(),
    minAchievedPercent: z.number(),
  }),
  baseline: z.string(),
  repetitionsPerProbe: z.number().int(),
  trialBudget: z.number().int(),
  trialsUsed: z.number().int(),
  variants: z.array(ZVariantCapacityReport),
});
export type TCapacityReport = z.infer<typeof ZCapacityReport>;
