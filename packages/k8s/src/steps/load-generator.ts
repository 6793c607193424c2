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
import { readyPodNames, waitForDeployment } from "./pods";

/** The variants' load generators: each one's Ready pods and a Fortio server on a pod. */
export type LoadGenerators = {
  /** Each prepared variant's load-generator pods, by namespace (looked up again after a restart). */
  pods: Map<string, string[]>;
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

/** The load generators ready (every replica): the first pod's Fortio server. */
export async function waitForLoadGenerator(
  k: Kube,
  lg: LoadGenerators,
  namespace: string,
  options: WaitInput,
) {
  await waitForDeployment(k, namespace, LOAD_GENERATOR_NAME, options);
  const [first] = await loadGeneratorServers(k, lg, namespace, { refresh: true });
  return first!;
}

/**
 * The variant's Ready load-generator pods' Fortio servers, sorted by pod name (remembered; looked
 * up again after a restart or when fewer than `atLeast` are known). Throws when fewer than
 * `atLeast` (default 1) are Ready.
 */
export async function loadGeneratorServers(
  k: Kube,
  lg: LoadGenerators,
  namespace: string,
  options: { refresh?: boolean; atLeast?: number } = {},
) {
  const atLeast = options.atLeast ?? 1;
  let pods = options.refresh ? undefined : lg.pods.get(namespace);
  if (!pods || pods.length < atLeast) {
    pods = await readyPodNames(k, namespace, LOAD_GENERATOR_SELECTOR);
    if (pods.length < atLeast)
      throw new Error(
        atLeast === 1
          ? `no Ready load-generator pod in ${namespace}`
          : `${pods.length} of ${atLeast} load-generator pods Ready in ${namespace}`,
      );
    lg.pods.set(namespace, pods);
  }
  return pods.map((pod) => lg.server(namespace, pod));
}

/**
 * The variant's load generators scaled to `replicas` (its Deployment's scale), every one Ready:
 * their Fortio servers, sorted by pod name. "auto" load generators grow and shrink this way.
 */
export async function scaleLoadGenerators(
  k: Kube,
  lg: LoadGenerators,
  namespace: string,
  replicas: number,
  options: WaitInput,
) {
  await call(k, (a) =>
    a.apps.replaceNamespacedDeploymentScale({
      name: LOAD_GENERATOR_NAME,
      namespace,
      body: { metadata: { name: LOAD_GENERATOR_NAME, namespace }, spec: { replicas } },
    }),
  );
  await waitForDeployment(k, namespace, LOAD_GENERATOR_NAME, options);
  // Scaling down: the removed pods may still be Ready while they terminate.
  for (;;) {
    const servers = await loadGeneratorServers(k, lg, namespace, { refresh: true });
    if (servers.length === replicas) return servers;
    if (await options.shouldStop?.()) throw new Error("stopped");
    await new Promise((r) => setTimeout(r, k.pollMs));
  }
}
