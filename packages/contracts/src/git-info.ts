import { z } from "zod";

/**
 * Where a run's code came from, for history and verdict references by branch. Shared by uploads
 * and cluster-started runs (its own file so run.ts and upload.ts need not import each other).
 */
export const ZGitInfo = z.object({
  repo: z.string().min(1).max(255).optional(),
  commit: z.string().min(1).max(64).optional(),
  branch: z.string().min(1).max(255).optional(),
  pr: z.string().min(1).max(64).optional(),
});
export type TGitInfo = z.infer<typeof ZGitInfo>;

const ZLabelKey = z
  .string()
  .min(1)
  .max(63)
  .regex(/^[A-Za-z0-9_.\-/]+$/, "letters, digits, _ . - / only");

/** Labels are filters on the runs list, not a document store. */
export const MAX_UPLOAD_LABELS = 32;

export const ZRunLabels = z
  .record(ZLabelKey, z.string().max(255))
  .refine((labels) => Object.keys(labels).length <= MAX_UPLOAD_LABELS, {
    message: `at most ${MAX_UPLOAD_LABELS} labels`,
  });
