import { AppsV1Api, CustomObjectsApi } from "@kubernetes/client-node";
import { testKubeConfig } from "@meshbench/testing/k8s";
import { GATEWAY_NAME_LABEL, WAYPOINT_CLASS } from "../manifests/labels";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Gateways with this label are left alone by the fake waypoint controller (never Programmed). */
export const UNPROGRAMMED = "test.meshbench.io/unprogrammed";

export const waypointGateway = (
  name: string,
  className = WAYPOINT_CLASS,
  labels = "",
) => `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: ${name}
  labels: { istio.io/waypoint-for: service${labels} }
spec:
  gatewayClassName: ${className}
  listeners:
  - name: mesh
    port: 15008
    protocol: HBONE
`;
export const peerAuthentication = (mode: string) => `apiVersion: security.istio.io/v1
kind: PeerAuthentication
metadata:
  name: strict
spec:
  mtls:
    mode: ${mode}
`;

/**
 * Plays istiod's waypoint controller: for each Gateway of class istio-waypoint it starts a
 * Deployment whose pods carry the gateway-name label (kwok makes them Ready), then marks the
 * Gateway Programmed, as istiod does once the Deployment exists.
 */
export function startFakeWaypointController() {
  const kc = testKubeConfig();
  const custom = kc.makeApiClient(CustomObjectsApi);
  const apps = kc.makeApiClient(AppsV1Api);
  const gv = { group: "gateway.networking.k8s.io", version: "v1", plural: "gateways" };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const list = (await custom.listClusterCustomObject(gv).catch(() => ({ items: [] }))) as {
        items: {
          metadata: { name: string; namespace: string; labels?: Record<string, string> };
          spec: { gatewayClassName: string };
          status?: { conditions?: { type: string; status: string }[] };
        }[];
      };
      for (const g of list.items) {
        if (g.spec.gatewayClassName !== WAYPOINT_CLASS) continue;
        if (g.metadata.labels?.[UNPROGRAMMED]) continue;
        if (g.status?.conditions?.some((c) => c.type === "Programmed" && c.status === "True"))
          continue;
        const { name, namespace } = g.metadata;
        const labels = { [GATEWAY_NAME_LABEL]: name };
        await apps
          .createNamespacedDeployment({
            namespace,
            body: {
              metadata: { name, labels },
              spec: {
                selector: { matchLabels: labels },
                template: {
                  metadata: { labels },
                  spec: { containers: [{ name: "istio-proxy", image: "istio/proxyv2:1.24.2" }] },
                },
              },
            },
          })
          .catch(() => undefined);
        const now = new Date().toISOString();
        const condition = (type: string) => ({
          type,
          status: "True",
          reason: type,
          message: "fake waypoint controller",
          lastTransitionTime: now,
          observedGeneration: 1,
        });
        await custom
          .replaceNamespacedCustomObjectStatus({
            ...gv,
            namespace,
            name,
            body: {
              ...g,
              status: { conditions: [condition("Accepted"), condition("Programmed")] },
            },
          })
          .catch(() => undefined);
      }
      await sleep(200);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}
