import { z } from "zod";
import { ZKubernetesAnnotations, ZKubernetesLabels } from "./kubernetes-names";
import { ZRunStatus } from "./run";

/** The pinned default load-generator and echo-server image (Fortio serves both roles). */
export const DEFAULT_FORTIO_IMAGE = "fortio/fortio:1.68.2";

const ZDnsLabel = z
  .string()
  .min(1)
  .max(30)
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/, "lowercase letters, digits and '-'");
const ZQuantity = z
  .string()
  .regex(/^[0-9.]+[a-zA-Z]*$/, "a Kubernetes quantity, e.g. 100m or 128Mi");

export const ZResourceSpec = z.object({
  requests: z.object({ cpu: ZQuantity.optional(), memory: ZQuantity.optional() }).default({}),
  limits: z.object({ cpu: ZQuantity.optional(), memory: ZQuantity.optional() }).default({}),
});
export type TResourceSpec = z.infer<typeof ZResourceSpec>;

export const ZBenchmarkTarget = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("fortio-echo"),
    replicas: z.number().int().min(1).max(50).default(1),
    image: z.string().min(1).default(DEFAULT_FORTIO_IMAGE),
    resources: ZResourceSpec.optional(),
  }),
  z.object({
    kind: z.literal("service-url"),
    /** e.g. http://echo.bench.svc.cluster.local:8080/ — must be reachable from the variant namespace. */
    url: z.url(),
  }),
]);
export type TBenchmarkTarget = z.infer<typeof ZBenchmarkTarget>;

export const MESH_KINDS = [
  "baseline",
  "istio-sidecar",
  "istio-ambient",
  "linkerd",
  "cilium",
  "kmesh",
  "custom",
] as const;
export const ZMeshKind = z.enum(MESH_KINDS);
export type TMeshKind = z.infer<typeof ZMeshKind>;

export const ZVariant = z.object({
  name: ZDnsLabel,
  mesh: ZMeshKind,
  /** istio-ambient only: the waypoint the namespace uses (`istio.io/use-waypoint`). */
  waypoint: ZDnsLabel.optional(),
  /** Extra namespace labels/annotations (the only ones for `custom`). */
  labels: ZKubernetesLabels.default({}),
  annotations: ZKubernetesAnnotations.default({}),
});
export type TVariant = z.infer<typeof ZVariant>;

export const ZQpsLevel = z.union([z.number().positive().max(1_000_000), z.literal("max")]);
export const ZBenchmarkProtocol = z.enum(["http1", "h2", "grpc"]);

export const ZLoadMatrix = z.object({
  qps: z.array(ZQpsLevel).min(1).max(20),
  connections: z.array(z.number().int().min(1).max(4096)).min(1).max(20),
  payloadBytes: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(16 * 1024 * 1024),
    )
    .min(1)
    .max(10)
    .default([0]),
  protocols: z.array(ZBenchmarkProtocol).min(1).max(3).default(["http1"]),
  keepAlive: z.array(z.boolean()).min(1).max(2).default([true]),
});
export type TLoadMatrix = z.infer<typeof ZLoadMatrix>;

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

export const ZMethodology = z.object({
  fortio: ZFortioOptions.default(ZFortioOptions.parse({})),
  placement: ZPlacement.default(ZPlacement.parse({})),
  loadGeneratorResources: ZResourceSpec.optional(),
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
});
export type TMethodology = z.infer<typeof ZMethodology>;

export const ZBenchmarkDefinition = z
  .object({
    key: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9][a-z0-9._-]*$/, "lowercase key"),
    name: z.string().min(1).max(200),
    description: z.string().max(2000).nullish(),
    target: ZBenchmarkTarget,
    variants: z.array(ZVariant).min(1).max(12),
    loadMatrix: ZLoadMatrix,
    repetitions: z.number().int().min(1).max(100).default(5),
    durationSeconds: z.number().int().min(1).max(3600).default(30),
    warmupSeconds: z.number().int().min(0).max(600).default(5),
    methodology: ZMethodology.default(ZMethodology.parse({})),
  })
  .superRefine((b, ctx) => {
    const names = new Set<string>();
    b.variants.forEach((v, i) => {
      if (names.has(v.name))
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "name"],
          message: "duplicate variant",
        });
      names.add(v.name);
      if (v.waypoint && v.mesh !== "istio-ambient") {
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "waypoint"],
          message: "only for istio-ambient",
        });
      }
    });
  });
export type TBenchmarkDefinition = z.infer<typeof ZBenchmarkDefinition>;
export type TBenchmarkDefinitionInput = z.input<typeof ZBenchmarkDefinition>;

/** A benchmark's most recent run (any source), for the list. */
export const ZBenchmarkLastRun = z.object({
  id: z.string(),
  status: ZRunStatus,
  createdAt: z.date(),
});
export type TBenchmarkLastRun = z.infer<typeof ZBenchmarkLastRun>;

const ZBenchmarkSummaryBase = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  lastRun: ZBenchmarkLastRun.nullable(),
  updatedAt: z.date(),
});

/**
 * One row of `benchmarks.list`. `ciOnly`: a benchmark a CI upload created — results uploaded from
 * CI, no definition, nothing to edit or start; its history is still there.
 */
export const ZBenchmarkSummary = z.discriminatedUnion("ciOnly", [
  ZBenchmarkSummaryBase.extend({
    ciOnly: z.literal(false),
    variantNames: z.array(z.string()),
    loadMatrix: ZLoadMatrix,
    repetitions: z.number().int(),
    trialCount: z.number().int(),
    estimatedSeconds: z.number(),
  }),
  ZBenchmarkSummaryBase.extend({ ciOnly: z.literal(true) }),
]);
export type TBenchmarkSummary = z.infer<typeof ZBenchmarkSummary>;

export const ZBenchmarkDetail = z.object({
  id: z.string(),
  definition: ZBenchmarkDefinition,
  trialCount: z.number().int(),
  estimatedSeconds: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TBenchmarkDetail = z.infer<typeof ZBenchmarkDetail>;
