import { z } from "zod";
import { ZKubernetesAnnotations, ZKubernetesLabels } from "./kubernetes-names";
import { ZRunStatus } from "./run";
import { ZTopology } from "./topology";

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

/** The largest manifest bundle a target or variant may carry (YAML text). */
export const MAX_MANIFEST_BYTES = 256 * 1024;
/** Multi-document YAML (`---` separated) of namespaced Kubernetes objects. */
export const ZManifestBundle = z.string().max(MAX_MANIFEST_BYTES, "at most 256 KiB of YAML");

/**
 * Where the load goes inside a variant's namespace: a Service, its port, the request path and the
 * protocol the Service speaks (`tcp` for L4 load).
 */
export const ZEntryPoint = z.object({
  service: ZDnsLabel,
  port: z.number().int().min(1).max(65535),
  path: z.string().startsWith("/").max(1024).default("/"),
});
export type TEntryPoint = z.infer<typeof ZEntryPoint>;

/**
 * A pod annotation naming which of its containers play which role, e.g.
 * `meshbench.io/container-roles: "proxy=envoy,app=server"`: a proxy the user deploys is booked as
 * proxy cost. Containers not named keep the role detection gives them.
 */
export const CONTAINER_ROLES_ANNOTATION = "meshbench.io/container-roles";

export const ZBenchmarkTarget = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("fortio-echo"),
    replicas: z.number().int().min(1).max(50).default(1),
    image: z.string().min(1).default(DEFAULT_FORTIO_IMAGE),
    resources: ZResourceSpec.optional(),
  }),
  z.object({
    kind: z.literal("service-url"),
    /**
     * One URL for every variant (legacy), e.g. http://echo.bench.svc.cluster.local:8080/ — must be
     * reachable from the variant namespace. `variantUrls` overrides it per variant.
     */
    url: z.url().optional(),
    /**
     * Variant name → the URL its load goes to, for apps that already live in meshed and unmeshed
     * namespaces. A `<svc>.<ns>.svc…` host names the Service whose pods are checked for the mesh
     * and sampled for resources.
     */
    variantUrls: z.record(ZDnsLabel, z.url()).default({}),
  }),
  z.object({
    /** The user's own workload: manifests applied into each variant's namespace. */
    kind: z.literal("workload"),
    manifests: ZManifestBundle.min(1, "give the workload's manifests"),
    entry: ZEntryPoint,
  }),
  z.object({
    /**
     * The shipped sample app: a chain of `tiers` services, each `fortio proxies` forwarding to the
     * next, the last a Fortio echo. Needs no image but Fortio's. `entry: "front"` loads the whole
     * chain, `"leaf"` the last service alone ("whole app vs one service").
     */
    kind: z.literal("sample-app"),
    tiers: z.number().int().min(2).max(6).default(3),
    entry: z.enum(["front", "leaf"]).default("front"),
    image: z.string().min(1).default(DEFAULT_FORTIO_IMAGE),
    replicas: z.number().int().min(1).max(10).default(1),
    resources: ZResourceSpec.optional(),
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

/** A container a variant adds to the target's pods; `role: "proxy"` books its cost as proxy. */
export const ZExtraContainer = z.object({
  name: ZDnsLabel,
  image: z.string().min(1).default(DEFAULT_FORTIO_IMAGE),
  args: z.array(z.string().max(1024)).max(64).default([]),
  ports: z.array(z.number().int().min(1).max(65535)).max(8).default([]),
  role: z.enum(["proxy", "app"]).default("proxy"),
  resources: ZResourceSpec.optional(),
});
export type TExtraContainer = z.infer<typeof ZExtraContainer>;

export const ZVariant = z.object({
  name: ZDnsLabel,
  mesh: ZMeshKind,
  /** istio-ambient only: the waypoint the namespace uses (`istio.io/use-waypoint`). */
  waypoint: ZDnsLabel.optional(),
  /** Extra namespace labels/annotations (the only ones for `custom`). */
  labels: ZKubernetesLabels.default({}),
  annotations: ZKubernetesAnnotations.default({}),
  /** Annotations on the target's pods (e.g. proxy concurrency, Consul's connect-inject). */
  podAnnotations: ZKubernetesAnnotations.default({}),
  /**
   * Extra manifests applied into the variant's namespace before its trials and removed after:
   * a waypoint `Gateway`, PeerAuthentication, Telemetry, AuthorizationPolicy, a proxy Service…
   * Readiness is waited for (Deployments available, Gateways `Programmed`).
   */
  manifests: ZManifestBundle.default(""),
  /** Containers added to the target's pods (e.g. a proxy in front of the app), with their role. */
  extraContainers: z.array(ZExtraContainer).max(4).default([]),
  /** Send this variant's load here instead of the target's entry (e.g. a proxy's Service). */
  entry: ZEntryPoint.optional(),
  /**
   * The path the write-up measured: where the client sits, the hops expected, mTLS. Absent: core's
   * default from the mesh kind, `methodology.loadGeneratorInMesh` and `waypoint`
   * (`resolveTopology`). The load generator joins the mesh exactly when the client is "in-mesh";
   * each trial's path is checked against it from the mesh's own counters.
   */
  topology: ZTopology.optional(),
});
export type TVariant = z.infer<typeof ZVariant>;

export const ZQpsLevel = z.union([z.number().positive().max(1_000_000), z.literal("max")]);
/** `tcp`: L4 load (Fortio `tcp://` against the target's TCP echo port). */
export const ZBenchmarkProtocol = z.enum(["http1", "h2", "grpc", "tcp"]);

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
  protocols: z.array(ZBenchmarkProtocol).min(1).max(4).default(["http1"]),
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

/** Statistics by which a repetition is judged "worst" (its own histogram's value). */
export const ZRunRuleStatistic = z.enum(["max", "p9999", "p999", "p99", "p90", "p50", "mean"]);
export const ZRunRule = z.object({
  dropWorst: z.number().int().min(0).max(10).default(0),
  by: ZRunRuleStatistic.default("max"),
});
export type TRunRule = z.infer<typeof ZRunRule>;

/**
 * Capacity at an SLO (a benchmark mode): per variant, bracket then bisect the highest QPS with
 * p99 ≤ `p99Ms`, errors ≤ `maxErrorPercent` and achieved ≥ `minAchievedPercent` of requested,
 * `repetitionsPerProbe` trials per probe, interleaved across variants. The load matrix's QPS list
 * is then ignored (its other dimensions must have one value each).
 */
export const ZCapacitySearch = z.object({
  p99Ms: z.number().positive().max(60_000),
  maxErrorPercent: z.number().min(0).max(100).default(0.1),
  minAchievedPercent: z.number().min(50).max(100).default(95),
  startQps: z.number().positive().max(1_000_000).default(100),
  maxQps: z.number().positive().max(1_000_000).optional(),
  /** Stop when the bracket is narrower than this share of the last passing QPS. */
  precisionPercent: z.number().min(1).max(50).default(5),
  repetitionsPerProbe: z.number().int().min(1).max(10).default(3),
  /** Most trials the whole search may run, all variants together. */
  maxTrials: z.number().int().min(1).max(500).default(60),
});
export type TCapacitySearch = z.infer<typeof ZCapacitySearch>;

/** Sections a report shows, in order (a template names the ones its write-up has). */
export const REPORT_SECTIONS = [
  "percentiles",
  "added-latency",
  "per-repetition",
  "mean-sd-bars",
  "distribution",
  "latency-vs-qps",
  "latency-vs-connections",
  "throughput-vs-connections",
  "load-curves",
  "resources",
  "resources-vs-rps",
  "capacity",
] as const;
export const ZReportSection = z.enum(REPORT_SECTIONS);
export type TReportSection = z.infer<typeof ZReportSection>;

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
  /**
   * Drop the worst `dropWorst` repetitions of every cell, judged by `by` (C: 6 runs, the one with
   * the highest max dropped). Dropped repetitions are listed on the page, never hidden.
   */
  runRule: ZRunRule.default({ dropWorst: 0, by: "max" }),
  /**
   * Before each trial wait until the target is idle again (CPU below 2× its idle level or 50 m,
   * whichever is higher; give up after 30 s with a flag). Off for kwok/fake clusters in tests.
   */
  idleGate: z.boolean().default(true),
});
export type TMethodology = z.infer<typeof ZMethodology>;

/** Mesh kinds whose path can hold a waypoint. */
const WAYPOINT_MESHES: ReadonlySet<string> = new Set(["istio-ambient", "kmesh", "custom"]);

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
    /** Capacity-at-SLO mode instead of a fixed QPS matrix. */
    capacity: ZCapacitySearch.optional(),
    /** Report sections to show, in order; empty = every section that has data. */
    reportSections: z.array(ZReportSection).max(REPORT_SECTIONS.length).default([]),
    /** The template this benchmark was made from, if any (e.g. `istio-perf-page`). */
    template: z.string().max(64).nullish(),
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
      if (b.target.kind === "service-url" && !b.target.url && !b.target.variantUrls[v.name]) {
        ctx.addIssue({
          code: "custom",
          path: ["target", "variantUrls", v.name],
          message: "no URL for this variant (give target.url or target.variantUrls)",
        });
      }
      if (v.waypoint && v.mesh !== "istio-ambient" && v.mesh !== "kmesh") {
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "waypoint"],
          message: "only for istio-ambient or kmesh",
        });
      }
      if (v.topology && v.mesh === "baseline" && (v.topology.hops.length || v.topology.mtls))
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "topology"],
          message: "a variant without a mesh has no proxies and no mTLS on its path",
        });
      if (v.topology?.hops.includes("waypoint") && !WAYPOINT_MESHES.has(v.mesh))
        ctx.addIssue({
          code: "custom",
          path: ["variants", i, "topology", "hops"],
          message: `no waypoint in a ${v.mesh} path (istio-ambient, kmesh or custom)`,
        });
    });
    if (b.target.kind === "service-url") {
      for (const name of Object.keys(b.target.variantUrls))
        if (!names.has(name))
          ctx.addIssue({
            code: "custom",
            path: ["target", "variantUrls", name],
            message: "no variant has this name",
          });
    }
    if (b.capacity) {
      for (const dim of ["connections", "payloadBytes", "protocols", "keepAlive"] as const)
        if (b.loadMatrix[dim].length !== 1)
          ctx.addIssue({
            code: "custom",
            path: ["loadMatrix", dim],
            message: "a capacity search takes one value here",
          });
      if (b.capacity.maxQps !== undefined && b.capacity.maxQps < b.capacity.startQps)
        ctx.addIssue({
          code: "custom",
          path: ["capacity", "maxQps"],
          message: "below startQps",
        });
    }
    const reps = b.repetitions - b.methodology.runRule.dropWorst;
    if (reps < 1)
      ctx.addIssue({
        code: "custom",
        path: ["methodology", "runRule", "dropWorst"],
        message: `must leave at least one of the ${b.repetitions} repetitions`,
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
