import { type TMeshDetection, ZMeshDetection } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { sampleScope } from "./sample-scope";

const at = (namespace: string, name: string) => ({ found: true, version: "1", namespace, name });
const absent = { found: false, version: null, namespace: null, name: null };

/** istiod in istio-system; ztunnel and Cilium in kube-system; Kmesh in kmesh-system. */
function detection(): TMeshDetection {
  const variants = {};
  return ZMeshDetection.parse({
    istio: {
      istiod: at("istio-system", "istiod"),
      ztunnel: at("kube-system", "ztunnel"),
      cni: at("istio-system", "istio-cni-node"),
      waypoints: [],
      injectionNamespaces: [],
      ambientNamespaces: [],
    },
    linkerd: { controlPlane: absent },
    cilium: { agent: at("kube-system", "cilium"), envoy: at("kube-system", "cilium-envoy") },
    kmesh: { daemon: at("kmesh-system", "kmesh") },
    metricsServer: { available: true },
    prometheus: { url: null },
    variants,
    detectedAt: new Date(0).toISOString(),
  });
}

describe("sampleScope: what one usage sample reads", () => {
  const scope = sampleScope(["mb-r1-ambient"], {
    meshes: detection(),
    alsoSample: [{ namespace: "shop", pods: ["cart-1"] }],
  });

  it("reads the data planes' namespaces too, wherever their DaemonSets run", () => {
    expect(scope.namespaces.sort()).toEqual(
      ["istio-system", "kmesh-system", "kube-system", "mb-r1-ambient", "shop"].sort(),
    );
    expect(scope.controlPlanes).toEqual(["istio-system"]);
    expect(scope.variantNamespaces).toEqual(["mb-r1-ambient", "shop"]);
  });

  it("keeps ztunnel, Kmesh and Cilium pods, not the rest of a shared namespace", () => {
    const kept = (namespace: string, pod: string) => scope.keep({ namespace, pod });
    expect(kept("kube-system", "ztunnel-9tq4m")).toBe(true);
    expect(kept("kube-system", "cilium-8xk2p")).toBe(true);
    expect(kept("kube-system", "cilium-envoy-4mz9q")).toBe(true);
    expect(kept("kmesh-system", "kmesh-q7w8e")).toBe(true);
    expect(kept("kube-system", "coredns-5d78c9869d-abcde")).toBe(false);
    expect(kept("kube-system", "cilium-operator-6d5f8-r2d2c")).toBe(false);
    expect(kept("kmesh-system", "kmesh-operator-6d5f8-r2d2c")).toBe(false);
    // Whole namespaces: the variant's and the control plane's; only the named pods elsewhere.
    expect(kept("mb-r1-ambient", "anything-1")).toBe(true);
    expect(kept("istio-system", "istio-ingressgateway-7f4-qwert")).toBe(true);
    expect(kept("shop", "cart-1")).toBe(true);
    expect(kept("shop", "orders-1")).toBe(false);
  });

  it("without detection samples the variant's namespaces and the named control planes", () => {
    const bare = sampleScope(["v"], { controlPlaneNamespaces: ["cp"] });
    expect(bare.namespaces).toEqual(["v", "cp"]);
    expect(bare.keep({ namespace: "kube-system", pod: "ztunnel-9tq4m" })).toBe(false);
  });
});
