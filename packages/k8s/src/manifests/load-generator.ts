import type { V1Deployment, V1PodSpec } from "@kubernetes/client-node";
import { type TMethodology, COMPONENTS } from "@meshbench/contracts";
import {
  LABELS,
  LOAD_CONTAINER,
  LOAD_GENERATOR_NAME,
  loadGeneratorMeshMetadata,
  runLabels,
  TARGET_NAME,
} from "./labels";
import { FORTIO_PORT } from "../fortio/run-request";
import { toResourceRequirements } from "./resources";

/** Pods the load generator must not share a node with (another namespace's, for a Service URL). */
export type PodAvoidance = { matchLabels: Record<string, string>; namespaces?: string[] };

export type LoadGeneratorInput = {
  runId: string;
  variant: string;
  namespace: string;
  methodology: TMethodology;
  /** The variant's declared client placement (core's clientInMesh): joins the mesh or opts out. */
  inMesh: boolean;
  /** Default: the echo target's pods. */
  avoid?: PodAvoidance | null;
  /** Fortio pods (Deployment replicas); default the methodology's `loadGenerators`. */
  replicas?: number;
};

/** The Fortio pods a variant runs: `methodology.loadGenerators` ("auto" starts from one). */
export const loadGeneratorReplicas = (m: TMethodology) =>
  typeof m.loadGenerators === "number" ? m.loadGenerators : 1;

const ECHO_PODS: PodAvoidance = {
  matchLabels: { app: TARGET_NAME, [LABELS.component]: COMPONENTS.target },
};

/**
 * The Deployment's pods: the load-generator component without a trial label (a measurement pod
 * of methodology.rateSeries carries its trial's and is never one of the long-lived servers).
 */
export const LOAD_GENERATOR_SELECTOR = `${LABELS.component}=${COMPONENTS.loadGenerator},!${LABELS.trial}`;

/**
 * The only pod-spec fields the builder places its pods with. A measurement pod copies exactly
 * these from the Deployment's template as the cluster holds it (scale changes the spread), and
 * nothing else of that spec.
 */
export const LOAD_GENERATOR_PLACEMENT = [
  "nodeSelector",
  "affinity",
  "topologySpreadConstraints",
] as const satisfies readonly (keyof V1PodSpec)[];
type Placement = Pick<V1PodSpec, (typeof LOAD_GENERATOR_PLACEMENT)[number]>;

/**
 * Every load-generator pod, and every measurement pod, runs without the namespace's service
 * account token: Fortio never calls the apiserver (the meshes' proxies mount their own tokens).
 */
export const LOAD_GENERATOR_POD_HARDENING = {
  automountServiceAccountToken: false,
} as const satisfies Partial<V1PodSpec>;

const podLabels = (runId: string, variant: string, inMesh: boolean) => ({
  ...loadGeneratorMeshMetadata(inMesh).labels,
  ...runLabels(runId, variant),
  [LABELS.component]: COMPONENTS.loadGenerator,
});

const keysOf = (records: Record<string, string>[]) => [
  ...new Set(records.flatMap((r) => Object.keys(r))),
];

/**
 * The label and annotation keys the builder may give its pods, in or out of the mesh: what a
 * measurement pod copies from the template. Exact keys, not mesh prefixes: other keys under
 * them run things (`sidecar.istio.io/userVolume` mounts a volume into the proxy,
 * `sidecar.istio.io/proxyImage` picks its image).
 */
export const LOAD_GENERATOR_POD_METADATA_KEYS = {
  labels: keysOf([podLabels("r", "v", true), podLabels("r", "v", false)]),
  annotations: keysOf([
    loadGeneratorMeshMetadata(true).annotations,
    loadGeneratorMeshMetadata(false).annotations,
  ]),
};

/**
 * The variant's long-lived Fortio servers (one per load generator, `replicas` of one Deployment),
 * driven through their REST API: no pod start per trial, and results are read from their data
 * dir rather than a log that interleaves stdout and stderr. Placement as the server's opposite
 * (anti-affinity), in or out of the mesh as the variant's topology places its client; several
 * generators spread over the nodes that placement allows (a soft topology spread: two may share
 * a node when there are fewer nodes than generators). No service account token.
 */
export function buildLoadGeneratorDeployment(input: LoadGeneratorInput): V1Deployment {
  const { methodology: m } = input;
  const labels = {
    ...runLabels(input.runId, input.variant),
    [LABELS.component]: COMPONENTS.loadGenerator,
  };
  const nodeSelector = m.placement.loadGeneratorNodeSelector;
  const replicas = input.replicas ?? loadGeneratorReplicas(m);
  const placement: Placement = {
    ...(Object.keys(nodeSelector).length ? { nodeSelector } : {}),
    ...(replicas > 1
      ? {
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: "kubernetes.io/hostname",
              whenUnsatisfiable: "ScheduleAnyway",
              labelSelector: { matchLabels: labels },
            },
          ],
        }
      : {}),
    ...(m.placement.antiAffinity
      ? {
          affinity: {
            podAntiAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: [
                {
                  labelSelector: { matchLabels: (input.avoid ?? ECHO_PODS).matchLabels },
                  ...(input.avoid?.namespaces ? { namespaces: input.avoid.namespaces } : {}),
                  topologyKey: "kubernetes.io/hostname",
                },
              ],
            },
          },
        }
      : {}),
  };
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: LOAD_GENERATOR_NAME, namespace: input.namespace, labels },
    spec: {
      replicas,
      selector: { matchLabels: { [LABELS.component]: COMPONENTS.loadGenerator } },
      template: {
        metadata: {
          labels: podLabels(input.runId, input.variant, input.inMesh),
          annotations: loadGeneratorMeshMetadata(input.inMesh).annotations,
        },
        spec: {
          ...placement,
          ...LOAD_GENERATOR_POD_HARDENING,
          containers: [
            {
              name: LOAD_CONTAINER,
              image: m.fortio.image,
              // The image is FROM scratch: /tmp (mode 1777) is the only writable directory.
              // Warnings only: at info Fortio logs every REST body, request headers included, so
              // a header secret would land in the pod's log.
              args: [
                "server",
                "-data-dir",
                "/tmp",
                "-grpc-port",
                "disabled",
                "-loglevel",
                "warning",
              ],
              ports: [{ name: "http", containerPort: FORTIO_PORT }],
              readinessProbe: {
                httpGet: { path: "/fortio/", port: FORTIO_PORT },
                periodSeconds: 1,
              },
              resources: toResourceRequirements(m.loadGeneratorResources),
            },
          ],
        },
      },
    },
  };
}
