import { z } from "zod";
import { ZId } from "./run";
import { ZClusterCaps } from "./cluster-caps";

/** 256 KiB is far beyond any real kubeconfig and keeps uploads bounded. */
const ZKubeconfigText = z
  .string()
  .min(1)
  .max(256 * 1024);

export const ZClusterAuth = z.discriminatedUnion("mode", [
  z.object({
    mode: z.literal("kubeconfig"),
    kubeconfig: ZKubeconfigText,
    context: z.string().min(1).optional(),
  }),
  /** The worker's own pod service account (Meshbench deployed inside the target cluster). */
  z.object({ mode: z.literal("in_cluster") }),
]);
export type TClusterAuth = z.infer<typeof ZClusterAuth>;

export const ZClusterName = z
  .string()
  .min(1)
  .max(63)
  .regex(/^[a-zA-Z0-9][a-zA-Z0-9 ._-]*$/, "letters, digits, space, '.', '_' and '-'");

export const ZRegisterClusterInput = z.object({
  name: ZClusterName,
  auth: ZClusterAuth,
  prometheusUrl: z.url().nullish(),
});
export type TRegisterClusterInput = z.infer<typeof ZRegisterClusterInput>;

/**
 * New credentials for a registered cluster (a rotated token): the cluster keeps its id, runs and
 * calibrations; the kubeconfig is checked and validated like a registration's.
 */
export const ZUpdateClusterCredentialsInput = z.object({
  clusterId: ZId,
  kubeconfig: ZKubeconfigText,
  context: z.string().min(1).optional(),
});
export type TUpdateClusterCredentialsInput = z.infer<typeof ZUpdateClusterCredentialsInput>;

export const ZKubeconfigContexts = z.object({
  contexts: z.array(
    z.object({ name: z.string(), cluster: z.string(), user: z.string(), server: z.string() }),
  ),
  currentContext: z.string().nullable(),
});
export type TKubeconfigContexts = z.infer<typeof ZKubeconfigContexts>;

export const ZPermissionCheck = z.object({
  verb: z.string(),
  group: z.string(),
  resource: z.string(),
  subresource: z.string().optional(),
  allowed: z.boolean(),
  /** Why the scheduler needs it, in words a cluster admin understands. */
  purpose: z.string(),
});
export type TPermissionCheck = z.infer<typeof ZPermissionCheck>;

/**
 * Permissions a cluster may lack and still be "ready": the run degrades instead (no samples from
 * metrics.k8s.io or the kubelets), or only benchmarks that ask for them cannot run (creating and
 * deleting pods: the measurement pods of methodology.rateSeries).
 */
export function isOptionalPermission(
  p: Pick<TPermissionCheck, "verb" | "group" | "resource" | "subresource">,
) {
  if (p.group === "metrics.k8s.io") return true;
  if (p.resource === "nodes" && p.subresource === "proxy") return true;
  return (
    p.group === "" &&
    p.resource === "pods" &&
    !p.subresource &&
    ["create", "delete"].includes(p.verb)
  );
}

export const ZNodeInventory = z.object({
  count: z.number().int(),
  cpuMillicores: z.number(),
  memoryBytes: z.number(),
  zones: z.array(z.string()),
  nodes: z.array(
    z.object({
      name: z.string(),
      cpuMillicores: z.number(),
      memoryBytes: z.number(),
      zone: z.string().nullable(),
    }),
  ),
});
export type TNodeInventory = z.infer<typeof ZNodeInventory>;

export const ZClusterValidation = z.object({
  reachable: z.boolean(),
  serverVersion: z.string().nullable(),
  nodes: ZNodeInventory.nullable(),
  permissions: z.array(ZPermissionCheck),
  /** Readable list of what is missing ("create batch/jobs: run Fortio trials"); empty when all is fine. */
  missing: z.array(z.string()),
  error: z.string().nullable(),
});
export type TClusterValidation = z.infer<typeof ZClusterValidation>;

const ZComponent = z.object({
  found: z.boolean(),
  version: z.string().nullable(),
  namespace: z.string().nullable(),
  name: z.string().nullable(),
});
export type TDetectedComponent = z.infer<typeof ZComponent>;

export const ZMeshDetection = z.object({
  istio: z.object({
    istiod: ZComponent,
    ztunnel: ZComponent,
    cni: ZComponent,
    waypoints: z.array(z.object({ namespace: z.string(), name: z.string() })),
    injectionNamespaces: z.array(z.string()),
    ambientNamespaces: z.array(z.string()),
  }),
  linkerd: z.object({ controlPlane: ZComponent }),
  cilium: z.object({ agent: ZComponent, envoy: ZComponent }),
  kmesh: z.object({ daemon: ZComponent }),
  metricsServer: z.object({ available: z.boolean() }),
  prometheus: z.object({ url: z.string().nullable() }),
  /** Per variant kind: can it run here, and if not, what it needs. */
  variants: z.record(z.string(), z.object({ available: z.boolean(), needs: z.string() })),
  detectedAt: z.string(),
});
export type TMeshDetection = z.infer<typeof ZMeshDetection>;

/** `refused`: the stored kubeconfig breaks today's rules (an exec plugin, a file path…): update it. */
export const ZClusterStatus = z.enum(["pending", "ready", "unreachable", "forbidden", "refused"]);

export const ZClusterView = z.object({
  id: z.string(),
  name: z.string(),
  authMode: z.enum(["kubeconfig", "in_cluster"]),
  context: z.string().nullable(),
  status: ZClusterStatus,
  statusMessage: z.string().nullable(),
  serverVersion: z.string().nullable(),
  nodes: ZNodeInventory.nullable(),
  detectedMeshes: ZMeshDetection.nullable(),
  prometheusUrl: z.string().nullable(),
  /** What the workspace may put on it (`{}`: no caps). */
  caps: ZClusterCaps,
  lastCheckedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type TClusterView = z.infer<typeof ZClusterView>;

/** What registering, re-validating or updating a cluster's credentials answers. */
export const ZClusterCheckResult = z.object({
  cluster: ZClusterView,
  validation: ZClusterValidation,
});
export type TClusterCheckResult = z.infer<typeof ZClusterCheckResult>;
