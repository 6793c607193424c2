import type { V1Pod, V1PodTemplateSpec, V1ResourceRequirements } from "@kubernetes/client-node";
import {
  FORTIO_PORT,
  fortioLoadArgs,
  type FortioRunBody,
  MEASUREMENT_DATA_DIR,
} from "../fortio/run-request";
import { LABELS, LOAD_CONTAINER, LOAD_GENERATOR_NAME } from "./labels";
import {
  LOAD_GENERATOR_PLACEMENT,
  LOAD_GENERATOR_POD_HARDENING,
  LOAD_GENERATOR_POD_METADATA_KEYS,
} from "./load-generator";

/** Only `keys` of a map. */
const pick = <T>(from: Record<string, T> | undefined, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(from ?? {}).filter(([k]) => keys.includes(k)));

const RESOURCES = ["cpu", "memory"];
/**
 * The generator's CPU and memory requests and limits, as toResourceRequirements sets them (no
 * claims, whose pod-level resourceClaims are not copied; no extended resources or hugepages).
 */
const cpuAndMemory = (r: V1ResourceRequirements): V1ResourceRequirements => ({
  ...(r.requests ? { requests: pick(r.requests, RESOURCES) } : {}),
  ...(r.limits ? { limits: pick(r.limits, RESOURCES) } : {}),
});

/** The container of a measurement pod that makes the load (the other one serves its files). */
export const MEASURED_LOAD_CONTAINER = "fortio-load";

/** A measurement pod's name: the load generator's prefix (usage sampling's role), trial, index. */
export const measurementPodName = (trial: string, index: number) =>
  `${LOAD_GENERATOR_NAME}-${trial}-${index}`.toLowerCase();

export type MeasurementPodInput = {
  namespace: string;
  /** The trial's label value (trialLabel after the run id): `t<sequence>-<hash>`. */
  trial: string;
  index: number;
  /** This generator's share of the trial, as its REST run would be sent. */
  body: FortioRunBody;
};

/**
 * One generator's measured run of a trial under methodology.rateSeries: a pod of two containers
 * from the generator's image sharing an emptyDir. The first runs `fortio load` with the REST
 * run's flags (fortioLoadArgs), writes its result and access log there and exits; the second is
 * a `fortio server` over the same dir, whose data handler serves both files through the pod
 * proxy (no exec, no logs). From the generator Deployment's pod template as the cluster holds it
 * (its one home, buildLoadGeneratorDeployment) it takes only what that builder puts there: the
 * labels and mesh annotations of its exact keys (LOAD_GENERATOR_POD_METADATA_KEYS), the
 * placement (LOAD_GENERATOR_PLACEMENT: node selector, anti-affinity, spread) and the Fortio
 * container's image and CPU and memory. Anything else someone or a webhook added to that template
 * (init or extra containers, host namespaces, a service account, security contexts, volumes,
 * tolerations, DNS or runtime settings) never reaches a pod Meshbench creates; it mounts no
 * service account token (LOAD_GENERATOR_POD_HARDENING). Plus the trial label, which keeps the
 * pod out of the Deployment's selector. No shell: the image's entrypoint takes the arguments.
 */
export function buildMeasurementPod(
  template: V1PodTemplateSpec,
  input: MeasurementPodInput,
): V1Pod {
  const spec = template.spec;
  const server = spec?.containers.find((c) => c.name === LOAD_CONTAINER);
  if (!spec || !server?.image) throw new Error("the load generator has no Fortio container");
  const data = { name: "data", mountPath: MEASUREMENT_DATA_DIR };
  const annotations = pick(
    template.metadata?.annotations,
    LOAD_GENERATOR_POD_METADATA_KEYS.annotations,
  );
  // In the mesh, an Istio sidecar starts with the pod: `fortio load` waits for it, or its first
  // requests would fail (the Deployment's long-lived pods never meet this). Linkerd waits already.
  if (annotations["sidecar.istio.io/inject"] !== "false")
    annotations["proxy.istio.io/config"] = "holdApplicationUntilProxyStarts: true";
  const labels = pick(template.metadata?.labels, LOAD_GENERATOR_POD_METADATA_KEYS.labels);
  const placement = Object.fromEntries(
    LOAD_GENERATOR_PLACEMENT.filter((f) => spec[f] !== undefined).map((f) => [f, spec[f]]),
  );
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name: measurementPodName(input.trial, input.index),
      namespace: input.namespace,
      labels: { ...labels, [LABELS.trial]: input.trial },
      ...(Object.keys(annotations).length ? { annotations } : {}),
    },
    spec: {
      ...placement,
      ...LOAD_GENERATOR_POD_HARDENING,
      restartPolicy: "Never",
      terminationGracePeriodSeconds: 2,
      // ~100 bytes a request; past this the kubelet evicts the pod (and the trial fails).
      volumes: [{ name: "data", emptyDir: { sizeLimit: "1Gi" } }],
      containers: [
        {
          name: MEASURED_LOAD_CONTAINER,
          image: server.image,
          args: fortioLoadArgs(input.body),
          volumeMounts: [data],
          ...(server.resources ? { resources: cpuAndMemory(server.resources) } : {}),
        },
        {
          name: LOAD_CONTAINER,
          image: server.image,
          args: [
            "server",
            "-data-dir",
            MEASUREMENT_DATA_DIR,
            "-grpc-port",
            "disabled",
            "-loglevel",
            "warning",
          ],
          ports: [{ name: "http", containerPort: FORTIO_PORT }],
          volumeMounts: [data],
          resources: { requests: { cpu: "10m", memory: "32Mi" } },
        },
      ],
    },
  };
}
