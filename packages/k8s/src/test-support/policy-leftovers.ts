/**
 * The kwok policy suite's view of the cluster: the hostile benchmarks as parsed definitions, and
 * everything they tried to create, looked up cluster-wide by name (so "nothing exists" is asserted
 * from the apiserver, not from what the gateway says).
 */
import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  RbacAuthorizationV1Api,
} from "@kubernetes/client-node";
import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { HOSTILE_BENCHMARKS } from "@meshbench/testing/hostile-benchmarks";
import { testKubeConfig } from "@meshbench/testing/k8s";

const kc = testKubeConfig();
const core = kc.makeApiClient(CoreV1Api);
const apps = kc.makeApiClient(AppsV1Api);
const rbac = kc.makeApiClient(RbacAuthorizationV1Api);
const custom = kc.makeApiClient(CustomObjectsApi);

export const hostile = (i: number) => {
  const h = HOSTILE_BENCHMARKS[i]!;
  const definition = ZBenchmarkDefinition.parse({ key: `h${i}`, name: "h", ...h.definition });
  return { ...h, definition, variant: definition.variants.find((v) => v.name === h.variant)! };
};
export const indexes = HOSTILE_BENCHMARKS.map((h, i) => [h.name, i] as const);

export const names = <T extends { metadata?: { name?: string } }>(list: { items: T[] }) =>
  list.items.map((o) => o.metadata?.name ?? "");
const customNames = async (group: string, version: string, plural: string) =>
  names(
    (await custom.listClusterCustomObject({ group, version, plural })) as {
      items: { metadata?: { name?: string } }[];
    },
  );
export const exists = (read: Promise<unknown>) =>
  read.then(
    () => true,
    () => false,
  );

/** Everything a hostile benchmark tried to create, looked up cluster-wide by name. */
export async function leftovers(namespace: string) {
  return {
    namespace: await exists(core.readNamespace({ name: namespace })),
    attackerNamespace: await exists(core.readNamespace({ name: "attacker-owned" })),
    clusterRoleBinding: await exists(rbac.readClusterRoleBinding({ name: "everyone-admin" })),
    roleBindings: names(await rbac.listRoleBindingForAllNamespaces()).filter(
      (n) => n === "take-over",
    ),
    deployments: names(await apps.listDeploymentForAllNamespaces()).filter((n) => n === "root"),
    configMaps: names(await core.listConfigMapForAllNamespaces()).filter(
      (n) => n === "waypoint-options",
    ),
    serviceEntries: (await customNames("networking.istio.io", "v1", "serviceentries")).filter(
      (n) => n === "hijack",
    ),
    gateways: (await customNames("gateway.networking.k8s.io", "v1", "gateways")).filter(
      (n) => n === "waypoint",
    ),
  };
}
export const NOTHING = {
  namespace: false,
  attackerNamespace: false,
  clusterRoleBinding: false,
  roleBindings: [],
  deployments: [],
  configMaps: [],
  serviceEntries: [],
  gateways: [],
};
