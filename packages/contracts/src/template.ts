import { z } from "zod";
import { ZBenchmarkDefinition, ZBenchmarkNaming, ZMeshKind } from "./benchmark";
import { ZSecretName } from "./request-headers";

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

function isJwks(text: string) {
  try {
    const parsed = JSON.parse(text) as { keys?: unknown };
    return Array.isArray(parsed.keys) && parsed.keys.length > 0;
  } catch {
    return false;
  }
}

/**
 * A JWT for a template's RequestAuthentication (ELCA's JWT variant): the header secret holding
 * the whole Authorization value ("Bearer <token>"), the token's issuer, and the keys that verify
 * it — inline (`jwks`) or fetched by istiod (`jwksUri`). `generated`: Meshbench made the key pair
 * and the token (`secrets.generateTestJwt`), rather than the user bringing their own.
 */
export const ZTemplateJwt = z
  .strictObject({
    secret: ZSecretName,
    issuer: z.string().min(1).max(256),
    jwks: z
      .string()
      .max(16_384)
      .refine(isJwks, "a JWKS: JSON with a non-empty keys array")
      .optional(),
    jwksUri: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    generated: z.boolean().default(false),
  })
  .refine((j) => (j.jwks === undefined) !== (j.jwksUri === undefined), {
    path: ["jwks"],
    message: "give the keys inline (jwks) or where to fetch them (jwksUri), one of the two",
  });
export type TTemplateJwt = z.infer<typeof ZTemplateJwt>;

/**
 * The user's only choices: the mesh in each of the template's mesh slots, one of its modes, the
 * documented test-scale override (short trials, fewer levels and repetitions), and for templates
 * with a JWT variant the token it sends.
 */
export const ZTemplateOptions = z.object({
  meshes: z.array(ZMeshKind).min(1).max(5).optional(),
  mode: z.string().min(1).max(32).optional(),
  testScale: z.boolean().default(false),
  jwt: ZTemplateJwt.optional(),
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
  /** Modes that add a JWT variant when the choice carries a `jwt` (ELCA's feature cost). */
  jwtModes: z.array(z.string()).optional(),
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
