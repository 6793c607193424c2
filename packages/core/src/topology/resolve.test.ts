import { ZBenchmarkDefinition, type TBenchmarkDefinitionInput } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { clientInMesh, describeTopology, resolveTopology } from "./resolve";
import { variantPaths } from "./variant-paths";

const inMesh = { loadGeneratorInMesh: true };
const outside = { loadGeneratorInMesh: false };

describe("resolveTopology: the write-ups' path unless the variant declares one", () => {
  it("client in the mesh: client proxy, waypoint when the variant has one, server proxy, mTLS", () => {
    expect(resolveTopology({ mesh: "istio-sidecar" }, inMesh)).toEqual({
      client: "in-mesh",
      hops: ["client-proxy", "server-proxy"],
      mtls: true,
    });
    expect(resolveTopology({ mesh: "istio-ambient", waypoint: "waypoint" }, inMesh).hops).toEqual([
      "client-proxy",
      "waypoint",
      "server-proxy",
    ]);
  });

  it("client outside: only the server's proxy, no mTLS — and an ambient waypoint is bypassed", () => {
    expect(resolveTopology({ mesh: "istio-ambient", waypoint: "waypoint" }, outside)).toEqual({
      client: "outside",
      hops: ["server-proxy"],
      mtls: false,
    });
  });

  it("no mesh: no proxies; a declared topology wins and places the load generator", () => {
    expect(resolveTopology({ mesh: "baseline" }, inMesh)).toEqual({
      client: "in-mesh",
      hops: [],
      mtls: false,
    });
    const declared = { client: "outside" as const, hops: ["server-proxy" as const], mtls: false };
    expect(resolveTopology({ mesh: "linkerd", topology: declared }, inMesh)).toBe(declared);
    expect(clientInMesh({ mesh: "linkerd", topology: declared }, inMesh)).toBe(false);
    expect(clientInMesh({ mesh: "linkerd" }, inMesh)).toBe(true);
  });

  it("says it in words, hops in path order", () => {
    expect(
      describeTopology("istio-ambient", {
        client: "in-mesh",
        hops: ["server-proxy", "waypoint", "client-proxy"],
        mtls: true,
      }),
    ).toBe(
      "client in the mesh → ztunnel (client side) → waypoint → ztunnel (server side) → target; mTLS expected",
    );
    expect(describeTopology("baseline", { client: "outside", hops: [], mtls: false })).toBe(
      "client (no mesh) → no proxy → target; no mTLS expected",
    );
  });
});

describe("the contract refuses topologies a mesh kind cannot have", () => {
  const def = (variant: Record<string, unknown>): TBenchmarkDefinitionInput => ({
    key: "t",
    name: "t",
    target: { kind: "fortio-echo" },
    variants: [variant as TBenchmarkDefinitionInput["variants"][number]],
    loadMatrix: { qps: [100], connections: [1] },
  });
  const fields = (input: TBenchmarkDefinitionInput) =>
    ZBenchmarkDefinition.safeParse(input).error?.issues.map((i) => i.path.join(".")) ?? [];

  it("names the field", () => {
    expect(
      fields(
        def({
          name: "b",
          mesh: "baseline",
          topology: { client: "in-mesh", hops: ["server-proxy"], mtls: false },
        }),
      ),
    ).toEqual(["variants.0.topology"]);
    expect(
      fields(
        def({
          name: "s",
          mesh: "istio-sidecar",
          topology: { client: "in-mesh", hops: ["waypoint"], mtls: true },
        }),
      ),
    ).toEqual(["variants.0.topology.hops"]);
    expect(
      fields(
        def({
          name: "s",
          mesh: "istio-sidecar",
          topology: { client: "in-mesh", hops: ["server-proxy", "server-proxy"], mtls: true },
        }),
      ),
    ).toEqual(["variants.0.topology.hops"]);
    expect(
      fields(
        def({
          name: "a",
          mesh: "istio-ambient",
          topology: {
            client: "in-mesh",
            hops: ["client-proxy", "waypoint", "server-proxy"],
            mtls: true,
          },
        }),
      ),
    ).toEqual([]);
  });
});

describe("variantPaths: the run page's declared path and checked result per variant", () => {
  const definition = ZBenchmarkDefinition.parse({
    key: "p",
    name: "p",
    target: { kind: "fortio-echo" },
    variants: [
      { name: "no-mesh", mesh: "baseline" },
      { name: "ambient", mesh: "istio-ambient" },
      { name: "broken", mesh: "istio-ambient" },
      { name: "kmesh", mesh: "kmesh" },
    ],
    loadMatrix: { qps: [100], connections: [1] },
    methodology: { loadGeneratorInMesh: true },
  });
  const check = (status: "verified" | "not_verified", summary: string) => ({
    status,
    topology: { client: "in-mesh" as const, hops: [], mtls: true },
    hops: [],
    summary,
  });

  it("counts verified and flagged trials and words each variant", () => {
    const paths = variantPaths(definition, [
      { variant: "ambient", sequence: 1, pathCheck: check("verified", "path verified; a") },
      { variant: "ambient", sequence: 3, pathCheck: check("verified", "path verified; b") },
      {
        variant: "broken",
        sequence: 2,
        pathCheck: check("not_verified", "traffic did not take the declared path: x"),
      },
      { variant: "no-mesh", sequence: 0, pathCheck: null },
    ]);
    expect(paths.map((p) => [p.variant, p.status])).toEqual([
      ["no-mesh", "not_applicable"],
      ["ambient", "verified"],
      ["broken", "not_verified"],
      ["kmesh", "not_run"],
    ]);
    expect(paths[1]!.checked).toBe("verified in 2 of 2 trials; last trial: path verified; b");
    expect(paths[1]!.declared).toMatch(/^client in the mesh → ztunnel \(client side\)/);
    expect(paths[2]!.checked).toMatch(
      /^1 of 1 trials did not take the declared path .*: traffic did not take/,
    );
    expect(paths[3]!.checked).toMatch(/^path unchecked: Kmesh's daemon/);
  });
});
