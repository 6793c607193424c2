import type { ClusterConnection } from "../cluster/open-cluster";
import { proxyRequest } from "../fortio/pod-proxy";
import { FortioServer } from "../fortio/server";
import { LOAD_GENERATOR_NAME } from "../manifests/labels";
import {
  buildLoadGeneratorDeployment,
  LOAD_GENERATOR_SELECTOR,
  type LoadGeneratorInput,
} from "../manifests/load-generator";
import { call, createOrKeep, type Kube, type WaitInput } from "./kube";
import { readyPodName, waitForDeployment } from "./pods";

/** The variants' load generators: each one's Ready pod and a Fortio server on a pod. */
export type LoadGenerators = {
  /** Each prepared variant's load-generator pod, by namespace (looked up again after a restart). */
  pods: Map<string, string>;
  /** Fortio's REST API on one pod, through the apiserver's pod proxy, each request counted. */
  server(namespace: string, pod: string): FortioServer;
};

export function loadGenerators(k: Kube, connection: ClusterConnection): LoadGenerators {
  return {
    pods: new Map(),
    server: (namespace, pod) =>
      new FortioServer(
        (request, timeoutMs) => call(k, () => proxyRequest(connection, request, timeoutMs)),
        namespace,
        pod,
      ),
  };
}

export async function deployLoadGenerator(k: Kube, input: LoadGeneratorInput) {
  const body = buildLoadGeneratorDeployment(input);
  await createOrKeep(() =>
    call(k, (a) => a.apps.createNamespacedDeployment({ namespace: input.namespace, body })),
  );
}

/** The load generator ready: its pod's Fortio server. */
export async function waitForLoadGenerator(
  k: Kube,
  lg: LoadGenerators,
  namespace: string,
  options: WaitInput,
) {
  await waitForDeployment(k, namespace, LOAD_GENERATOR_NAME, options);
  return loadGenerator(k, lg, namespace, { refresh: true });
}

/** The variant's Ready load-generator pod (remembered; looked up again after a restart). */
export async function loadGenerator(
  k: Kube,
  lg: LoadGenerators,
  namespace: string,
  options: { refresh?: boolean } = {},
) {
  let pod = options.refresh ? undefined : lg.pods.get(namespace);
  if (!pod) {
    pod = await readyPodName(k, namespace, LOAD_GENERATOR_SELECTOR);
    if (!pod) throw new Error(`no Ready load-generator pod in ${namespace}`);
    lg.pods.set(namespace, pod);
  }
  return lg.server(namespace, pod);
}
