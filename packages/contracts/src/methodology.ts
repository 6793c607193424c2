import { z } from "zod";
import { DEFAULT_FORTIO_IMAGE, ZResourceSpec } from "./benchmark-target";
import { ZKubernetesLabels } from "./kubernetes-names";

export const ZFortioOptions = z.object({
  image: z.string().min(1).default(DEFAULT_FORTIO_IMAGE),
  /** Histogram resolution in seconds (`-r`). */
  resolutionSeconds: z.number().positive().max(1).default(0.0001),
  uniform: z.boolean().default(false),
  noCatchUp: z.boolean().default(false),
});

export const ZPlacement = z.object({
  /** Spread load generator and server over different nodes (required pod anti-affinity). */
  antiAffinity: z.boolean().default(true),
  loadGeneratorNodeSelector: ZKubernetesLabels.default({}),
  serverNodeSelector: ZKubernetesLabels.default({}),
});

/** Statistics by which a repetition is judged "worst" (its own histogram's value). */
export const ZRunRuleStatistic = z.enum(["max", "p9999", "p999", "p99", "p90", "p50", "mean"]);
export const ZRunRule = z.object({
  dropWorst: z.number().int().min(0).max(10).default(0),
  by: ZRunRuleStatistic.default("max"),
});
export type TRunRule = z.infer<typeof ZRunRule>;

/**
 * Capacity at an SLO (a benchmark mode): per variant, bracket then bisect the highest QPS with
 * p99 ≤ `p99Ms`, errors ≤ `maxErrorPercent` and achieved ≥ `minAchievedPercent` of requested,
 * `repetitionsPerProbe` trials per probe, interleaved across variants. The load matrix's QPS list
 * is then ignored (its other dimensions must have one value each).
 */
export const ZCapacitySearch = z.object({
  p99Ms: z.number().positive().max(60_000),
  maxErrorPercent: z.number().min(0).max(100).default(0.1),
  minAchievedPercent: z.number().min(50).max(100).default(95),
  startQps: z.number().positive().max(1_000_000).default(100),
  maxQps: z.number().positive().max(1_000_000).optional(),
  /** Stop when the bracket is narrower than this share of the last passing QPS. */
  precisionPercent: z.number().min(1).max(50).default(5),
  repetitionsPerProbe: z.number().int().min(1).max(10).default(3),
  /** Most trials the whole search may run, all variants together. */
  maxTrials: z.number().int().min(1).max(500).default(60),
});
export type TCapacitySearch = z.infer<typeof ZCapacitySearch>;

/** Sections a report shows, in order (a template names the ones its write-up has). */
export const REPORT_SECTIONS = [
  "percentiles",
  "added-latency",
  "per-repetition",
  "mean-sd-bars",
  "distribution",
  "latency-vs-qps",
  "latency-vs-connections",
  "throughput-vs-connections",
  "load-curves",
  "resources",
  "resources-vs-rps",
  "capacity",
] as const;
export const ZReportSection = z.enum(REPORT_SECTIONS);
export type TReportSection = z.infer<typeof ZReportSection>;

/** The most load generators a trial may be split over (and "auto"'s default ceiling). */
export const MAX_LOAD_GENERATORS = 32;

export const ZMethodology = z.object({
  fortio: ZFortioOptions.default(ZFortioOptions.parse({})),
  placement: ZPlacement.default(ZPlacement.parse({})),
  loadGeneratorResources: ZResourceSpec.optional(),
  /**
   * Load generators per trial: each trial's QPS and connections split over this many Fortio pods
   * (core's splitLoad), their histograms merged exactly. Each needs at least one connection.
   * "auto": the worker probes each variant from one generator up while the achieved QPS still
   * rises (core's nextGeneratorCount) and runs its trials with the count it chose.
   */
  loadGenerators: z
    .union([z.number().int().min(1).max(MAX_LOAD_GENERATORS), z.literal("auto")])
    .default(1),
  /**
   * Throughput over time for trials the worker drives (per-second requests and errors). Fortio's
   * REST runs keep no access log, so under this switch each generator's measured run becomes a
   * short-lived pod of the same image running `fortio load -access-log-file` (the warm-up stays a
   * REST run): a pod start per trial and generator. Off: the measured runs stay REST runs.
   */
  rateSeries: z.boolean().default(false),
  /** Passed to the injector through its pod annotations (istio: sidecar.istio.io/proxyCPU…). */
  sidecarResources: ZResourceSpec.optional(),
  /** Whether the load generator's pod joins the mesh too (off: it opts out of injection). */
  loadGeneratorInMesh: z.boolean().default(false),
  interleaving: z.enum(["round-robin", "randomized-blocks"]).default("round-robin"),
  /** Seed for randomised blocks, so the order is reproducible. */
  seed: z.number().int().nonnegative().default(1),
  /** 0 = derived from duration + warm-up. */
  trialTimeoutSeconds: z.number().int().min(0).max(86_400).default(0),
  failurePolicy: z.enum(["continue", "stop"]).default("continue"),
  /**
   * Drop the worst `dropWorst` repetitions of every cell, judged by `by` (C: 6 runs, the one with
   * the highest max dropped). Dropped repetitions are listed on the page, never hidden.
   */
  runRule: ZRunRule.default({ dropWorst: 0, by: "max" }),
  /**
   * Before each trial wait until the target is idle again (CPU below 2× its idle level or 50 m,
   * whichever is higher; give up after 30 s with a flag). Off for kwok/fake clusters in tests.
   */
  idleGate: z.boolean().default(true),
});
export type TMethodology = z.infer<typeof ZMethodology>;
