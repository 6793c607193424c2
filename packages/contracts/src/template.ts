import { z } from "zod";
import { ZBenchmarkDefinition, ZBenchmarkNaming, ZMeshKind } from "./benchmark";

/** The five write-ups Meshbench ships a template for (issue 15). */
export const TEMPLATE_KEYS = [
  "ambient-vs-no-mesh",
  "elca-feature-cost",
  "linkerd-vs-istio",
  "istio-perf-page",
  "kmesh-vs-ambient",
] as const;
export const ZTemplateKey = z.enum(TEMPLATE_KEYS);
export type TTemplateKey = z.infer<typeof ZTemplateKey>;

/**
 * The user's only choices: the mesh in each of the template's mesh slots, one of its modes, and
 * the documented test-scale override (short trials, fewer levels and repetitions).
 */
export const ZTemplateOptions = z.object({
  meshes: z.array(ZMeshKind).min(1).max(5).optional(),
  mode: z.string().min(1).max(32).optional(),
  testScale: z.boolean().default(false),
});
export type TTemplateOptions = z.input<typeof ZTemplateOptions>;

export const ZTemplateSummary = z.object({
  key: ZTemplateKey,
  name: z.string(),
  /** The write-up it reproduces and where to read it. */
  writeUp: z.object({ title: z.string(), url: z.string().nullable() }),
  summary: z.string(),
  /** What the template cannot reproduce of the write-up, and why (one sentence each). */
  cannotReproduce: z.array(z.string()),
  /** Meshes the slots take by default, and which meshes each slot accepts. */
  defaultMeshes: z.array(ZMeshKind),
  allowedMeshes: z.array(ZMeshKind),
  maxMeshes: z.number().int(),
  modes: z.array(z.object({ value: z.string(), label: z.string() })),
  defaultMode: z.string(),
});
export type TTemplateSummary = z.infer<typeof ZTemplateSummary>;

export const ZGetTemplateInput = ZTemplateOptions.extend({ key: ZTemplateKey });
export type TGetTemplateInput = z.input<typeof ZGetTemplateInput>;

export const ZTemplateDetail = ZTemplateSummary.extend({ definition: ZBenchmarkDefinition });
export type TTemplateDetail = z.infer<typeof ZTemplateDetail>;

/**
 * "Benchmark from a template" in one call (`POST /benchmarks/from-template`): the template and
 * mesh choice as `templates.get` takes them, and the key/name/description to save it under.
 */
export const ZCreateFromTemplateInput = z.object({
  template: ZGetTemplateInput,
  overrides: ZBenchmarkNaming.default({}),
});
export type TCreateFromTemplateInput = z.input<typeof ZCreateFromTemplateInput>;
