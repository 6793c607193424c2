import { describe, expect, it } from "vitest";
import { detectMeshes, imageTag } from "./detection";

describe("detection", () => {
  it("reads versions from image tags and says what each variant needs", () => {
    expect(imageTag("docker.io/istio/pilot:1.24.2@sha256:abc")).toBe("1.24.2");
    expect(imageTag("localhost:5000/cilium")).toBeNull();
    const d = detectMeshes({
      workloads: [
        {
          kind: "Deployment",
          namespace: "linkerd",
          name: "linkerd-destination",
          labels: {},
          images: ["cr.l5d.io/linkerd/controller:stable-2.14.10"],
        },
      ],
      namespaces: [{ name: "a", labels: { "istio-injection": "enabled" } }],
      metricsServer: true,
      prometheusUrl: "http://prom:9090",
      now: new Date(0),
    });
    expect(d.linkerd.controlPlane).toMatchObject({ found: true, version: "stable-2.14.10" });
    expect(d.variants.linkerd?.available).toBe(true);
    expect(d.variants["istio-sidecar"]?.available).toBe(false);
    expect(d.istio.injectionNamespaces).toEqual(["a"]);
  });
});
