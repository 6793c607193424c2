import { z } from "zod";

/** Why a trial's numbers should not be trusted as they are (thresholds: core's assessTrialValidity). */
export const ZValidityCode = z.enum([
  "qps_shortfall",
  "errors",
  "too_few_samples",
  "coarse_resolution",
  "warmup_not_discarded",
  "summary_only",
  /** The mesh's own counters did not move by what the trial sent (core's judgePath). */
  "path_not_verified",
  /** The path could not be checked this time (counters unreadable, a resumed trial). */
  "path_unchecked",
  /** The load generator, not the target, was the bottleneck (core's assessLoadGenerator). */
  "load_generator_saturated",
]);
export type TValidityCode = z.infer<typeof ZValidityCode>;

/** "invalid": exclude from comparisons by default; "warning": show, with the caveat. */
export const ZValiditySeverity = z.enum(["invalid", "warning"]);
export type TValiditySeverity = z.infer<typeof ZValiditySeverity>;

/**
 * What core's assessTrialValidity returns. Narrower than run.ts's stored ZValidityFlag (whose
 * code is any string, so flags written by older versions still parse) and assignable to it.
 */
export const ZTrialValidityFlag = z.object({
  code: ZValidityCode,
  severity: ZValiditySeverity,
  message: z.string(),
});
export type TTrialValidityFlag = z.infer<typeof ZTrialValidityFlag>;
