import { z } from "zod";
import { ZDnsLabel } from "./kubernetes-names";

/** The pinned default load-generator and echo-server image (Fortio serves both roles). */
export const DEFAULT_FORTIO_IMAGE = "fortio/fortio:1.68.2";

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
