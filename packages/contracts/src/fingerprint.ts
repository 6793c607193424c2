import { z } from "zod";

/**
 * What a run's numbers depend on besides the mesh under test: two runs compare cleanly only when
 * these match. Stored with the run (inside its environment snapshot); no endpoints or credentials.
 */
export const ZEnvironmentFingerprint = z.object({
  /** The registered cluster's name. */
  cluster: z.string(),
  /** Node instance types and how many of each (order does not matter). */
  nodes: z.array(z.object({ instanceType: z.string(), count: z.number().int().nonnegative() })),
  kubernetesVersion: z.string().nullable(),
  /** Mesh name → version, e.g. { istio: "1.27.1" }. */
  meshVersions: z.record(z.string(), z.string()),
  fortioVersion: z.string().nullable(),
  /** Load generator arguments, in order (order can matter to Fortio). */
  fortioArgs: z.array(z.string()),
  /** The target's definition (image, replicas, resources, …), as plain JSON. */
  target: z.record(z.string(), z.unknown()),
});
export type TEnvironmentFingerprint = z.infer<typeof ZEnvironmentFingerprint>;
