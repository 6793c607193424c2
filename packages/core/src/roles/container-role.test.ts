import type { TResourceRole } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { containerRole, formatContainerRoles, parseContainerRoles } from "./container-role";

/** The variant under test runs in `mb-r1-v`; the detected control planes are istio-system and linkerd. */
const variant = "mb-r1-v";
const ctx = { variantNamespaces: [variant], controlPlaneNamespaces: ["istio-system", "linkerd"] };

/** [mesh and what, namespace, pod, container, role] */
const TABLE: [string, string, string, string, TResourceRole][] = [
  // Istio, sidecar mode
  ["Istio sidecar in the target pod", variant, "echo-6d4cf56db6-x2x7q", "istio-proxy", "proxy"],
  ["Istio sidecar in the load generator", variant, "lg-fortio-7b9c-4kq2z", "istio-proxy", "proxy"],
  ["the target's own container", variant, "echo-6d4cf56db6-x2x7q", "echo", "app"],
  ["the load generator's Fortio", variant, "lg-fortio-7b9c-4kq2z", "fortio", "load_generator"],
  ["istiod", "istio-system", "istiod-5c7f8d9b6-abcde", "discovery", "control_plane"],
  ["a revisioned istiod", "istio-1", "istiod-1-24-2-5c7f8d9b6-abcde", "discovery", "control_plane"],
  [
    "Istio ingress gateway",
    "istio-system",
    "istio-ingressgateway-7f4-qwert",
    "istio-proxy",
    "gateway",
  ],
  [
    "Istio egress gateway",
    "istio-egress",
    "istio-egressgateway-7f4-qwert",
    "istio-proxy",
    "gateway",
  ],
  [
    "a Gateway API gateway elsewhere",
    "gateways",
    "public-istio-5d8f7-zx9cv",
    "istio-proxy",
    "gateway",
  ],
  ["istio-cni node agent", "istio-system", "istio-cni-node-7xk2p", "install-cni", "data_plane"],
  ["istio-cni in kube-system", "kube-system", "istio-cni-node-7xk2p", "install-cni", "data_plane"],
  // Istio, ambient mode
  ["ztunnel beside istiod", "istio-system", "ztunnel-9tq4m", "istio-proxy", "ztunnel"],
  ["ztunnel in its own namespace", "kube-system", "ztunnel-9tq4m", "istio-proxy", "ztunnel"],
  ["a waypoint in the variant", variant, "waypoint-7d9f6c5b4-x2k8p", "istio-proxy", "waypoint"],
  ["the target's app under ambient", variant, "echo-6d4cf56db6-x2x7q", "echo", "app"],
  // Linkerd
  ["Linkerd proxy in the target pod", variant, "echo-6d4cf56db6-x2x7q", "linkerd-proxy", "proxy"],
  [
    "linkerd-destination",
    "linkerd",
    "linkerd-destination-6f8d9c-abcde",
    "destination",
    "control_plane",
  ],
  [
    "linkerd-destination's proxy",
    "linkerd",
    "linkerd-destination-6f8d9c-abcde",
    "linkerd-proxy",
    "control_plane",
  ],
  [
    "linkerd-identity's proxy",
    "linkerd",
    "linkerd-identity-5b7c8d-fghij",
    "linkerd-proxy",
    "control_plane",
  ],
  [
    "linkerd-proxy-injector's proxy",
    "linkerd",
    "linkerd-proxy-injector-79c-klmno",
    "linkerd-proxy",
    "control_plane",
  ],
  [
    "a Linkerd control plane elsewhere",
    "mesh",
    "linkerd-identity-5b7c8d-fghij",
    "linkerd-proxy",
    "control_plane",
  ],
  [
    "another pod of Linkerd's namespace",
    "linkerd",
    "linkerd-heartbeat-2891-pqrst",
    "linkerd-proxy",
    "control_plane",
  ],
  [
    "Linkerd's multicluster gateway",
    "linkerd-multicluster",
    "linkerd-gateway-6c-uvwxy",
    "linkerd-proxy",
    "gateway",
  ],
  // Cilium
  ["Cilium agent", "kube-system", "cilium-8xk2p", "cilium-agent", "data_plane"],
  ["Cilium's node Envoy", "kube-system", "cilium-envoy-4mz9q", "cilium-envoy", "data_plane"],
  [
    "Cilium operator",
    "kube-system",
    "cilium-operator-6d5f8-r2d2c",
    "cilium-operator",
    "control_plane",
  ],
  // Kmesh
  ["Kmesh daemon", "kmesh-system", "kmesh-q7w8e", "kmesh", "data_plane"],
  ["Kmesh's waypoint", variant, "waypoint-7d9f6c5b4-x2k8p", "istio-proxy", "waypoint"],
  // Consul
  ["Consul sidecar (consul-k8s < 1.0)", variant, "echo-6d4cf56db6-x2x7q", "envoy-sidecar", "proxy"],
  [
    "Consul dataplane (consul-k8s ≥ 1.0)",
    variant,
    "echo-6d4cf56db6-x2x7q",
    "consul-dataplane",
    "proxy",
  ],
  [
    "Consul connect injector",
    "consul",
    "consul-connect-injector-7c9-a1b2c",
    "sidecar-injector",
    "control_plane",
  ],
  ["Consul server", "consul", "consul-server-0", "consul", "control_plane"],
  [
    "a Consul mesh gateway",
    "consul",
    "consul-mesh-gateway-5f-d3e4f",
    "consul-dataplane",
    "gateway",
  ],
  // Kuma
  ["Kuma sidecar", variant, "echo-6d4cf56db6-x2x7q", "kuma-sidecar", "proxy"],
  [
    "Kuma control plane",
    "kuma-system",
    "kuma-control-plane-6b8-g5h6i",
    "control-plane",
    "control_plane",
  ],
];

describe("containerRole: the one role rule, over the meshes' containers", () => {
  it.each(TABLE)("%s", (_what, namespace, pod, container, role) => {
    expect(containerRole({ namespace, pod, container }, ctx)).toBe(role);
  });

  it("a declared role wins over every name, and placement still makes an outside proxy a gateway", () => {
    const c = (namespace: string, pod: string, container: string) => ({
      namespace,
      pod,
      container,
    });
    const declared = (role: TResourceRole) => ({ ...ctx, declared: role });
    expect(containerRole(c(variant, "ztunnel-9tq4m", "x"), declared("app"))).toBe("app");
    expect(containerRole(c(variant, "echo-1", "hop"), declared("proxy"))).toBe("proxy");
    expect(containerRole(c("elsewhere", "gw-1", "hop"), declared("proxy"))).toBe("gateway");
    expect(containerRole(c("istio-system", "x-1", "istio-proxy"), declared("ztunnel"))).toBe(
      "ztunnel",
    );
  });

  it("re-reads a stored sample: its stored role stands unless placement moves a proxy out", () => {
    const stored = (role: TResourceRole, namespace: string) =>
      containerRole(
        { namespace, pod: "p-1", container: null },
        { variantNamespaces: [variant], declared: role },
      );
    expect(stored("proxy", variant)).toBe("proxy");
    expect(stored("proxy", "istio-system")).toBe("gateway");
    expect(stored("ztunnel", "istio-system")).toBe("ztunnel");
    expect(stored("data_plane", "kmesh-system")).toBe("data_plane");
  });

  it("without detection (no control-plane namespaces) names still decide", () => {
    const bare = { variantNamespaces: [variant] };
    const role = (namespace: string, pod: string, container: string) =>
      containerRole({ namespace, pod, container }, bare);
    expect(role("istio-system", "istiod-5c7f8d9b6-abcde", "discovery")).toBe("control_plane");
    expect(role("istio-system", "istio-ingressgateway-7f4-qwert", "istio-proxy")).toBe("gateway");
    expect(role("other", "something-1", "main")).toBe("app");
  });
});

describe("the container-roles annotation", () => {
  it("parses role=container pairs, skipping unknown roles and malformed pairs", () => {
    expect([
      ...parseContainerRoles("proxy=envoy, app=server,bogus=x,=y,proxy,a=b=c,data_plane=node"),
    ]).toEqual([
      ["envoy", "proxy"],
      ["server", "app"],
      ["node", "data_plane"],
    ]);
    expect(parseContainerRoles(undefined).size).toBe(0);
  });

  it("formats what it parses", () => {
    const text = formatContainerRoles([
      { name: "hop", role: "proxy" },
      { name: "gw", role: "gateway" },
    ]);
    expect(text).toBe("proxy=hop,gateway=gw");
    expect([...parseContainerRoles(text)]).toEqual([
      ["hop", "proxy"],
      ["gw", "gateway"],
    ]);
  });
});
