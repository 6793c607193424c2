import type { V1Pod, V1PodTemplateSpec } from "@kubernetes/client-node";
import {
  FORTIO_PORT,
  fortioLoadArgs,
  type FortioRunBody,
  MEASUREMENT_DATA_DIR,
} from "../fortio/run-request";
import { LABELS, LOAD_CONTAINER, LOAD_GENERATOR_NAME } from "./labels";

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
 * proxy (no exec, no logs). Everything else is the generator Deployment's own pod template (its
 * one home, buildLoadGeneratorDeployment, as the cluster holds it): labels, mesh annotations,
 * node selector, anti-affinity, spread, image, resources; plus the trial label, which keeps the
 * pod out of the Deployment's selector. No shell: the image's entrypoint takes the arguments.
 */
export function buildMeasurementPod(
  template: V1PodTemplateSpec,
  input: MeasurementPodInput,
): V1Pod {
  const server = template.spec?.containers.find((c) => c.name === LOAD_CONTAINER);
  if (!template.spec || !server?.image)
    throw new Error("the load generator has no Fortio container");
  const data = { name: "data", mountPath: MEASUREMENT_DATA_DIR };
  const annotations = { ...template.metadata?.annotations };
  // In the mesh, an Istio sidecar starts with the pod: `fortio load` waits for it, or its first
  // requests would fail (the Deployment's long-lived pods never meet this). Linkerd waits already.
  if (annotations["sidecar.istio.io/inject"] !== "false")
    annotations["proxy.istio.io/config"] ??= "holdApplicationUntilProxyStarts: true";
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name: measurementPodName(input.trial, input.index),
      namespace: input.namespace,
      labels: { ...template.metadata?.labels, [LABELS.trial]: input.trial },
      ...(Object.keys(annotations).length ? { annotations } : {}),
    },
    spec: {
      ...template.spec,
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
          ...(server.resources ? { resources: server.resources } : {}),
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
