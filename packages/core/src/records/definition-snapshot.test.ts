import { createHash } from "node:crypto";
import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { definitionChanges } from "./definition-diff";
import { canonicalJson, snapshotDigest, snapshotOf } from "./definition-snapshot";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const base = ZBenchmarkDefinition.parse({
  key: "mesh",
  name: "Mesh",
  target: { kind: "fortio-echo" },
  variants: [
    { name: "baseline", mesh: "baseline" },
    {
      name: "istio",
      mesh: "istio-sidecar",
      manifests: "kind: PeerAuthentication\n",
      extraContainers: [{ name: "hop", image: "proxy:1.2" }],
    },
  ],
  loadMatrix: { qps: [100, 500], connections: [8] },
});

describe("snapshotOf", () => {
  it("digests each non-empty manifest bundle by path and lists every image once, sorted", () => {
    const s = snapshotOf(base, sha256);
    expect(s.definition).toBe(base);
    expect(s.manifestDigests).toEqual({
      "variants.istio.manifests": sha256("kind: PeerAuthentication\n"),
    });
    expect(s.images).toEqual(["fortio/fortio:1.68.2", "proxy:1.2"]);
  });

  it("digests a workload's manifests under target.manifests", () => {
    const def = ZBenchmarkDefinition.parse({
      ...base,
      target: {
        kind: "workload",
        manifests: "apiVersion: v1\nkind: Service\nmetadata: {name: app}\n",
        entry: { service: "app", port: 8080 },
      },
    });
    expect(Object.keys(snapshotOf(def, sha256).manifestDigests)).toEqual([
      "target.manifests",
      "variants.istio.manifests",
    ]);
  });

  it("has one digest whatever the key order (jsonb reorders keys)", () => {
    const s = snapshotOf(base, sha256);
    const reordered = JSON.parse(canonicalJson(s)) as typeof s;
    expect(snapshotDigest(reordered, sha256)).toBe(snapshotDigest(s, sha256));
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
  });
});

describe("definitionChanges", () => {
  it("is empty for equal definitions, whatever the key order", () => {
    expect(definitionChanges(base, JSON.parse(canonicalJson(base)) as typeof base)).toEqual([]);
  });

  it("names each changed path, old → new; variants by name", () => {
    const after = ZBenchmarkDefinition.parse({
      ...base,
      warmupSeconds: 10,
      methodology: { ...base.methodology, runRule: { dropWorst: 1, by: "p99" } },
      variants: [base.variants[0], { ...base.variants[1], mesh: "istio-ambient" }],
      loadMatrix: { ...base.loadMatrix, qps: [100, 500, 1000] },
    });
    expect(definitionChanges(base, after)).toEqual([
      { path: "loadMatrix.qps", before: [100, 500], after: [100, 500, 1000] },
      { path: "methodology.runRule.by", before: "max", after: "p99" },
      { path: "methodology.runRule.dropWorst", before: 0, after: 1 },
      { path: "variants.istio.mesh", before: "istio-sidecar", after: "istio-ambient" },
      { path: "warmupSeconds", before: 5, after: 10 },
    ]);
  });

  it("reports added and removed variants and a new order", () => {
    const after = ZBenchmarkDefinition.parse({
      ...base,
      variants: [{ name: "linkerd", mesh: "linkerd" }, base.variants[1], base.variants[0]],
    });
    const changes = definitionChanges(base, after);
    expect(changes.map((c) => c.path)).toEqual(["variants.#order", "variants.linkerd"]);
    expect(changes[0]).toMatchObject({
      before: ["baseline", "istio"],
      after: ["linkerd", "istio", "baseline"],
    });
    expect(changes[1]).toMatchObject({ before: null, after: { name: "linkerd", mesh: "linkerd" } });
  });
});
