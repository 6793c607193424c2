import type { TEnvironmentFingerprint } from "@meshbench/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  diffFingerprints,
  environmentDifferences,
  fingerprintFields,
  fingerprintId,
} from "./fingerprint";

const base: TEnvironmentFingerprint = {
  cluster: "gke-bench",
  nodes: [
    { instanceType: "e2-standard-4", count: 3 },
    { instanceType: "n2-standard-8", count: 1 },
  ],
  kubernetesVersion: "1.33.2",
  meshVersions: { istio: "1.27.1", linkerd: "2.18.0" },
  fortioVersion: "1.69.0",
  fortioArgs: ["-qps", "500", "-c", "8"],
  target: { image: "nginx:1.27", replicas: 2, resources: { cpu: "500m" } },
};

describe("environment fingerprint", () => {
  it("flattens to fields, merging node pools by type", () => {
    const f = fingerprintFields({
      ...base,
      nodes: [...base.nodes, { instanceType: "e2-standard-4", count: 2 }],
    });
    expect(f.get("nodes.total")).toBe("6");
    expect(f.get("nodes.e2-standard-4")).toBe("5");
    expect(f.get("target.resources.cpu")).toBe('"500m"');
    expect(f.get("fortioArgs")).toBe("-qps 500 -c 8");
  });

  it("ignores node and key order in its id, but not Fortio argument order", () => {
    const shuffled: TEnvironmentFingerprint = {
      ...base,
      nodes: [...base.nodes].reverse(),
      meshVersions: { linkerd: "2.18.0", istio: "1.27.1" },
      target: { resources: { cpu: "500m" }, replicas: 2, image: "nginx:1.27" },
    };
    expect(fingerprintId(shuffled)).toBe(fingerprintId(base));
    expect(fingerprintId(base)).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprintId({ ...base, fortioArgs: ["-c", "8", "-qps", "500"] })).not.toBe(
      fingerprintId(base),
    );
  });

  it("lists every difference, cluster first, with missing sides as null", () => {
    const other: TEnvironmentFingerprint = {
      ...base,
      cluster: "eks-bench",
      nodes: [{ instanceType: "m6i.xlarge", count: 4 }],
      meshVersions: { istio: "1.28.0" },
      target: { ...base.target, replicas: 3 },
    };
    expect(diffFingerprints(base, other)).toEqual([
      { field: "cluster", a: "gke-bench", b: "eks-bench" },
      { field: "nodes.e2-standard-4", a: "3", b: null },
      { field: "nodes.m6i.xlarge", a: null, b: "4" },
      { field: "nodes.n2-standard-8", a: "1", b: null },
      { field: "meshVersions.istio", a: "1.27.1", b: "1.28.0" },
      { field: "meshVersions.linkerd", a: "2.18.0", b: null },
      { field: "target.replicas", a: "2", b: "3" },
    ]);
  });

  it("reports each run's differences from the first; no fingerprint is unknown", () => {
    const out = environmentDifferences([
      { runId: "r1", fingerprint: base },
      { runId: "r2", fingerprint: { ...base, kubernetesVersion: "1.34.0" } },
      { runId: "r3", fingerprint: null },
    ]);
    expect(out[0]?.differences).toEqual([]);
    expect(out[1]?.differences).toEqual([{ field: "kubernetesVersion", a: "1.33.2", b: "1.34.0" }]);
    expect(out[2]).toEqual({ runId: "r3", fingerprintId: null, differences: null });
  });

  it("has no differences exactly when the ids agree (property)", () => {
    const fp = fc.record({
      cluster: fc.constantFrom("a", "b"),
      nodes: fc.array(
        fc.record({
          instanceType: fc.constantFrom("x", "y"),
          count: fc.integer({ min: 0, max: 3 }),
        }),
        { maxLength: 3 },
      ),
      kubernetesVersion: fc.constantFrom("1.33", null),
      meshVersions: fc.dictionary(fc.constantFrom("istio", "linkerd"), fc.constantFrom("1", "2")),
      fortioVersion: fc.constantFrom("1.69", null),
      fortioArgs: fc.array(fc.constantFrom("-c", "8"), { maxLength: 2 }),
      target: fc.dictionary(fc.constantFrom("image", "replicas"), fc.constantFrom("n", 1)),
    });
    fc.assert(
      fc.property(fp, fp, (a, b) => {
        expect(diffFingerprints(a, b).length === 0).toBe(fingerprintId(a) === fingerprintId(b));
        expect(diffFingerprints(a, a)).toEqual([]);
      }),
    );
  });
});
