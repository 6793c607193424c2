import { type TMeshKind, ZBenchmarkDefinition } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { buildTemplate } from "../templates";
import { describeTopology, resolveTopology } from "./resolve";

/** Each variant's declared path, in words, for a template and mesh choice. */
function paths(key: Parameters<typeof buildTemplate>[0], meshes: TMeshKind[], mode?: string) {
  const def = ZBenchmarkDefinition.parse(buildTemplate(key, { meshes, mode }).definition);
  return Object.fromEntries(
    def.variants.map((v) => [
      v.name,
      describeTopology(v.mesh, resolveTopology(v, def.methodology)),
    ]),
  );
}

describe("every template states its write-up's topology", () => {
  it("A: the client in the mesh, so ambient's client-side ztunnel and mTLS are on the path", () => {
    expect(paths("ambient-vs-no-mesh", ["istio-ambient"])).toEqual({
      "no-mesh": "client (no mesh) → no proxy → target; no mTLS expected",
      "istio-ambient":
        "client in the mesh → ztunnel (client side) → ztunnel (server side) → target; mTLS expected",
    });
  });

  it("B: both sidecars with mTLS; the mTLS-off variant expects plaintext between them", () => {
    const b = paths("elca-feature-cost", ["istio-sidecar"], "feature-cost");
    expect(b["istio-sidecar"]).toBe(
      "client in the mesh → Istio sidecar (client side) → Istio sidecar (server side) → target; mTLS expected",
    );
    expect(b["istio-sidecar-mtls-off"]).toMatch(
      /Istio sidecar \(server side\) → target; no mTLS expected$/,
    );
  });

  it("C: the load generator on its own node outside the mesh: only the server's proxy", () => {
    expect(paths("linkerd-vs-istio", ["linkerd"]).linkerd).toBe(
      "client outside the mesh → Linkerd proxy (server side) → target; no mTLS expected",
    );
  });

  it("D: the page's `_both` figures, client and server sidecars", () => {
    expect(paths("istio-perf-page", ["istio-sidecar"])["istio-sidecar"]).toMatch(
      /^client in the mesh → Istio sidecar \(client side\) → Istio sidecar \(server side\)/,
    );
  });

  it("E: two ztunnels per request, and the waypoint reached from the client's side", () => {
    const e = paths("kmesh-vs-ambient", ["istio-ambient"]);
    expect(e["istio-ambient-waypoint"]).toBe(
      "client in the mesh → ztunnel (client side) → waypoint → ztunnel (server side) → target; mTLS expected",
    );
  });
});
