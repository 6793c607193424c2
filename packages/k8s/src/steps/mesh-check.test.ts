import { describe, expect, it } from "vitest";
import { meshProblem } from "./mesh-check";

describe("mesh verification", () => {
  const pod = (containers: string[], annotations: Record<string, string> = {}) => ({
    name: "p",
    nodeName: null,
    annotations,
    containers,
    sidecarInitContainers: [],
  });
  it("requires the proxy the mesh injects", () => {
    expect(
      meshProblem("istio-sidecar", [pod(["echo", "istio-proxy"])], { ciliumAgent: false }),
    ).toBeNull();
    expect(meshProblem("istio-sidecar", [pod(["echo"])], { ciliumAgent: false })).toMatch(
      /no istio-proxy/,
    );
    expect(
      meshProblem("istio-sidecar", [{ ...pod(["echo"]), sidecarInitContainers: ["istio-proxy"] }], {
        ciliumAgent: false,
      }),
    ).toBeNull();
    expect(
      meshProblem("istio-ambient", [pod(["echo"], { "ambient.istio.io/redirection": "enabled" })], {
        ciliumAgent: false,
      }),
    ).toBeNull();
    expect(meshProblem("istio-ambient", [pod(["echo"])], { ciliumAgent: false })).toMatch(
      /ambient.istio.io\/redirection/,
    );
    expect(
      meshProblem("baseline", [pod(["echo", "linkerd-proxy"])], { ciliumAgent: false }),
    ).toMatch(/baseline is meshed/);
    expect(meshProblem("cilium", [pod(["echo"])], { ciliumAgent: false })).toMatch(/cilium/);
  });
});
