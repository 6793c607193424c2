import type { TMeshDetection } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { meshVersionLabels } from "./mesh-labels";

const component = (version: string | null) => ({
  found: version !== null,
  version,
  namespace: null,
  name: null,
});

describe("meshVersionLabels", () => {
  it("labels each detected mesh with its version, nothing for absent ones", () => {
    const detection = {
      istio: {
        istiod: component("1.31.0"),
        ztunnel: component("1.31.0"),
        cni: component(null),
        waypoints: [],
        injectionNamespaces: [],
        ambientNamespaces: [],
      },
      linkerd: { controlPlane: component(null) },
      cilium: { agent: component("1.18.2"), envoy: component(null) },
      kmesh: { daemon: component(null) },
      metricsServer: { available: true },
      prometheus: { url: null },
      variants: {},
      detectedAt: "2026-11-26T00:00:00Z",
    } satisfies TMeshDetection;
    expect(meshVersionLabels(detection)).toEqual({
      "mesh.istio": "1.31.0",
      "mesh.cilium": "1.18.2",
    });
    expect(meshVersionLabels(null)).toEqual({});
  });
});
