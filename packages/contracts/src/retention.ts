import { z } from "zod";

/**
 * A workspace's retention policy: full histograms and resource samples of runs older than
 * `retentionDays` are pruned by the worker (hourly); summaries, per-cell statistics, validity
 * flags and verdicts stay. null keeps everything (the default).
 */
export const ZRetentionPolicy = z.object({
  retentionDays: z.number().int().min(1).max(3650).nullable(),
});
export type TRetentionPolicy = z.infer<typeof ZRetentionPolicy>;
