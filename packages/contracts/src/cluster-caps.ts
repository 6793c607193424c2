import { z } from "zod";

/** A cap is a positive whole number; absent means "no cap". */
const ZCap = z.number().int().positive().max(1_000_000);

/**
 * What a workspace may put on one cluster, set by a workspace admin: runs at once, the highest
 * QPS of a run (its top load level; a capacity search's ceiling), load generators per trial
 * (`methodology.loadGenerators`, and the most "auto" may reach) and seconds per trial.
 */
export const ZClusterCaps = z.strictObject({
  maxConcurrentRuns: ZCap.optional(),
  maxQps: ZCap.optional(),
  maxGenerators: ZCap.optional(),
  maxTrialSeconds: ZCap.optional(),
});
export type TClusterCaps = z.infer<typeof ZClusterCaps>;

export const CLUSTER_CAP_NAMES = [
  "maxConcurrentRuns",
  "maxQps",
  "maxGenerators",
  "maxTrialSeconds",
] as const satisfies readonly (keyof TClusterCaps)[];
export type TClusterCapName = (typeof CLUSTER_CAP_NAMES)[number];

/** How each cap reads in a message. */
export const CLUSTER_CAP_LABELS: Record<TClusterCapName, string> = {
  maxConcurrentRuns: "concurrent runs",
  maxQps: "total QPS",
  maxGenerators: "load generators",
  maxTrialSeconds: "trial duration (s)",
};

/** `clusters.setCaps`: the whole set replaces the cluster's caps (an omitted cap is removed). */
export const ZSetClusterCapsInput = z.object({ clusterId: z.string().min(1), caps: ZClusterCaps });
export type TSetClusterCapsInput = z.infer<typeof ZSetClusterCapsInput>;
