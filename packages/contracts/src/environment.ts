import { z } from "zod";
import { ZEnvironmentFingerprint } from "./fingerprint";

/** One readable section of a run's environment: label → value, as the run page lists them. */
export const ZEnvironmentSection = z.record(z.string(), z.string());

/**
 * The environment record the worker writes when a scheduled run starts (and completes with
 * scheduler figures when it ends). Every section is flat key/value text, like an uploaded run's
 * environment, so the run page reads the same for both. Load requests are exact (the signed-in
 * page shows them as sent; share pages may mask hosts, never flags).
 */
export const ZRunEnvironment = z.object({
  cluster: ZEnvironmentSection,
  /** Per variant: namespace, the labels/annotations that switch its mesh on, the mesh check. */
  variants: ZEnvironmentSection,
  /** Tool, image, how it is driven, and the exact request per variant × load level. */
  loadGenerator: ZEnvironmentSection,
  placement: ZEnvironmentSection,
  warmup: ZEnvironmentSection,
  /** Cost of producing trials: filled in when the run ends. */
  scheduler: ZEnvironmentSection.optional(),
  /** What the numbers depend on besides the mesh (the compare page diffs these). */
  fingerprint: ZEnvironmentFingerprint.optional(),
});
export type TRunEnvironment = z.infer<typeof ZRunEnvironment>;
