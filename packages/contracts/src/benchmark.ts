import { z } from "zod";
import {
  DEFAULT_FORTIO_IMAGE,
  ZBenchmarkTarget,
  ZEntryPoint,
  ZManifestBundle,
  ZResourceSpec,
} from "./benchmark-target";
import { ZDnsLabel, ZKubernetesAnnotations, ZKubernetesLabels } from "./kubernetes-names";
import { ZCapacitySearch, ZMethodology, REPORT_SECTIONS, ZReportSection } from "./methodology";
import { ZMaskedRequestHeaders, ZRequestHeaders } from "./request-headers";
import { ZRunStatus } from "./run";
import { ZTopology } from "./topology";

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
  /** Headers on every request of this variant: added to the benchmark's, replacing same names. */
  requestHeaders: ZRequestHeaders.default([]),
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

/** A benchmark's key: its name in URLs, CI commands and history. */
export const ZBenchmarkKey = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, "lowercase key");

/** The definition's fields, before the checks across them (for schemas that take a few). */
const ZBenchmarkDefinitionFields = z.object({
  key: ZBenchmarkKey,
  name: z.string().min(1).max(200),
  description: z.string().max(2000).nullish(),
  target: ZBenchmarkTarget,
  variants: z.array(ZVariant).min(1).max(12),
  loadMatrix: ZLoadMatrix,
  repetitions: z.number().int().min(1).max(100).default(5),
  durationSeconds: z.number().int().min(1).max(3600).default(30),
  warmupSeconds: z.number().int().min(0).max(600).default(5),
  methodology: ZMethodology.default(ZMethodology.parse({})),
  /** Headers on every request of every variant (a value may be a workspace secret's name). */
  requestHeaders: ZRequestHeaders.default([]),
  /** Capacity-at-SLO mode instead of a fixed QPS matrix. */
  capacity: ZCapacitySearch.optional(),
  /** Report sections to show, in order; empty = every section that has data. */
  reportSections: z.array(ZReportSection).max(REPORT_SECTIONS.length).default([]),
  /** The template this benchmark was made from, if any (e.g. `istio-perf-page`). */
  template: z.string().max(64).nullish(),
});

/** What a benchmark made from a template may rename: its key, name and description. */
export const ZBenchmarkNaming = ZBenchmarkDefinitionFields.pick({
  key: true,
  name: true,
  description: true,
}).partial();

/**
 * A definition as a reproducibility bundle carries it: every secret header masked as
 * `<secret:name>` (core maskDefinitionSecrets): only secret names travel, never a value. An
 * import fills the placeholders with workspace
 * secrets (core fillDefinitionSecrets) and checks the result as a ZBenchmarkDefinition.
 */
export const ZMaskedBenchmarkDefinition = ZBenchmarkDefinitionFields.extend({
  variants: z
    .array(ZVariant.extend({ requestHeaders: ZMaskedRequestHeaders.default([]) }))
    .min(1)
    .max(12),
  requestHeaders: ZMaskedRequestHeaders.default([]),
});
export type TMaskedBenchmarkDefinition = z.infer<typeof ZMaskedBenchmarkDefinition>;

/** Mesh kinds whose path can hold a waypoint. */
const WAYPOINT_MESHES: ReadonlySet<string> = new Set(["istio-ambient", "kmesh", "custom"]);

export const ZBenchmarkDefinition = ZBenchmarkDefinitionFields.superRefine((b, ctx) => {
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
  const withHeaders =
    b.requestHeaders.length > 0 || b.variants.some((v) => v.requestHeaders.length);
  const headerless = b.loadMatrix.protocols.filter((p) => p === "grpc" || p === "tcp");
  if (withHeaders && headerless.length)
    ctx.addIssue({
      code: "custom",
      path: ["loadMatrix", "protocols"],
      message: `request headers are sent on http1 and h2 load only, not ${headerless.join(", ")} (Fortio's REST gRPC runner sends no metadata; TCP has no headers)`,
    });
  const headerLists = [b.requestHeaders, ...b.variants.map((v) => v.requestHeaders)];
  if (b.methodology.rateSeries && headerLists.some((hs) => hs.some((h) => "secret" in h)))
    ctx.addIssue({
      code: "custom",
      path: ["methodology", "rateSeries"],
      message: "not with a secret request header: the load's pod would carry its value",
    });
  const fewest = Math.min(...b.loadMatrix.connections);
  if (typeof b.methodology.loadGenerators === "number" && b.methodology.loadGenerators > fewest)
    ctx.addIssue({
      code: "custom",
      path: ["methodology", "loadGenerators"],
      message: `each load generator needs at least one connection: at most ${fewest} (the matrix's fewest connections)`,
    });
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

/** The parts of a definition that decide its size; the editor asks while the user types. */
export const ZEstimateInput = ZBenchmarkDefinitionFields.pick({
  variants: true,
  loadMatrix: true,
  repetitions: true,
  durationSeconds: true,
  warmupSeconds: true,
}).required();
export type TEstimateInput = z.infer<typeof ZEstimateInput>;

export const ZEstimate = z.object({ trialCount: z.number().int(), estimatedSeconds: z.number() });
export type TEstimate = z.infer<typeof ZEstimate>;

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
  /** Hidden from lists (listed only when asked for); its runs and history stay. */
  archived: z.boolean(),
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
  archived: z.boolean(),
  trialCount: z.number().int(),
  estimatedSeconds: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TBenchmarkDetail = z.infer<typeof ZBenchmarkDetail>;
