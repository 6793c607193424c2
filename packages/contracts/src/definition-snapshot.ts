import { z } from "zod";
import { ZBenchmarkDefinition } from "./benchmark";

const ZSha256 = z.string().regex(/^[0-9a-f]{64}$/, "a sha256 hex digest");

/**
 * The resolved definition a run was created with, stored on the run (`Run.definition`) and never
 * changed: template, mesh choices, every methodology value (defaults filled), the manifests with
 * their sha256 digests and every image the definition names. Everything about the run (schedule,
 * resume, report, verdict, export, bundle) reads this, not the benchmark's current definition.
 */
export const ZDefinitionSnapshot = z.object({
  definition: ZBenchmarkDefinition,
  /** Path of each non-empty manifest bundle (`target.manifests`, `variants.<name>.manifests`) → sha256 of its text. */
  manifestDigests: z.record(z.string(), ZSha256),
  /** Every image the definition names (any `image` field), sorted, once each. */
  images: z.array(z.string()),
});
export type TDefinitionSnapshot = z.infer<typeof ZDefinitionSnapshot>;

/**
 * snapshot: stored when the run was created; reconstructed: a run older than snapshots, given the
 * definition its benchmark had when the snapshots were introduced (the migration says so).
 */
export const ZDefinitionSource = z.enum(["snapshot", "reconstructed"]);
export type TDefinitionSource = z.infer<typeof ZDefinitionSource>;

/** One path where two definitions differ (`variants.istio.mesh`), old → new (absent: null). */
export const ZDefinitionChange = z.object({
  path: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type TDefinitionChange = z.infer<typeof ZDefinitionChange>;

/** "Definition as run" on the run page: the snapshot and how the benchmark differs today. */
export const ZRunDefinition = z.object({
  runId: z.string(),
  source: ZDefinitionSource.nullable(),
  snapshot: ZDefinitionSnapshot.nullable(),
  /** The benchmark as it is now (null: the run has none, or it only groups CI uploads). */
  benchmark: z
    .object({
      id: z.string(),
      key: z.string(),
      name: z.string(),
      archived: z.boolean(),
    })
    .nullable(),
  /** Paths that differ from the benchmark's current definition; empty when unchanged or unknown. */
  changes: z.array(ZDefinitionChange),
});
export type TRunDefinition = z.infer<typeof ZRunDefinition>;
