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
import { parseCpuQuantity } from "../usage/resource-metrics";
import type { LoadGeneratorCpuRoom } from "../gateway";

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

/**
 * What the load generator's CPU could reach, read off its live pod (limits as admitted, so a
 * namespace LimitRange's default counts) and the node it was scheduled on: core's
 * loadGeneratorCeiling decides from these. A container without a CPU limit leaves the pod
 * unlimited; an unreadable node leaves its share unknown.
 */
export async function loadGeneratorCpuRoom(
  k: Kube,
  namespace: string,
  pod: string,
): Promise<LoadGeneratorCpuRoom> {
  const p = await call(k, (a) => a.core.readNamespacedPod({ name: pod, namespace }));
  const limits = (p.spec?.containers ?? []).map((c) => c.resources?.limits?.["cpu"]);
  const cpuLimitMillicores =
    limits.length > 0 && limits.every((l) => l !== undefined)
      ? limits.reduce((sum, l) => sum + parseCpuQuantity(String(l)), 0)
      : null;
  const nodeName = p.spec?.nodeName;
  const node = nodeName
    ? await call(k, (a) => a.core.readNode({ name: nodeName })).catch(() => null)
    : null;
  const allocatable = node?.status?.allocatable?.["cpu"];
  return {
    cpuLimitMillicores,
    nodeAllocatableMillicores: allocatable ? parseCpuQuantity(allocatable) : null,
  };
}
