import type { TEnvironmentFingerprint } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { historyMarkers, markersBetween, meshVersionChanges, type MarkerRun } from "./markers";

const fp = (over: Partial<TEnvironmentFingerprint> = {}): TEnvironmentFingerprint => ({
  cluster: "lab",
  nodes: [{ instanceType: "4 cores", count: 3 }],
  kubernetesVersion: "v1.33.1",
  meshVersions: { istio: "1.30.0" },
  fortioVersion: "1.68.2",
  fortioArgs: ["-t 5s"],
  target: { replicas: 1 },
  ...over,
});
const run = (
  runId: string,
  istio: string | null,
  fingerprint: TEnvironmentFingerprint | null,
): MarkerRun => ({
  runId,
  meshVersions: istio ? { istio } : {},
  fingerprint: fingerprint && istio ? { ...fingerprint, meshVersions: { istio } } : fingerprint,
});

describe("meshVersionChanges", () => {
  it("names each changed, added and removed mesh", () => {
    expect(meshVersionChanges({ istio: "1.30" }, { istio: "1.31" })).toEqual(["istio 1.30 → 1.31"]);
    expect(meshVersionChanges({ istio: "1.30" }, { istio: "1.30", linkerd: "2.18" })).toEqual([
      "+linkerd 2.18",
    ]);
    expect(meshVersionChanges({ istio: "1.30" }, {})).toEqual(["\u2212istio 1.30"]);
    expect(meshVersionChanges({ istio: "1.30" }, { istio: "1.30" })).toEqual([]);
  });
});

describe("historyMarkers", () => {
  it("marks the upgrade between the two runs it happened between, once", () => {
    const runs = [run("r1", "1.30", fp()), run("r2", "1.30", fp()), run("r3", "1.31", fp())];
    expect(historyMarkers(runs)).toEqual([
      { kind: "mesh", runId: "r3", previousRunId: "r2", label: "istio 1.30 → 1.31", fields: [] },
    ]);
  });

  it("marks an environment change apart from the mesh, naming what changed", () => {
    const runs = [
      run("r1", "1.30", fp()),
      run(
        "r2",
        "1.30",
        fp({ kubernetesVersion: "v1.34.0", nodes: [{ instanceType: "4 cores", count: 4 }] }),
      ),
    ];
    const [m] = historyMarkers(runs);
    expect(m).toMatchObject({ kind: "environment", runId: "r2", previousRunId: "r1" });
    expect(m!.label).toBe("environment: nodes, kubernetesVersion");
    expect(m!.fields).toEqual(["nodes.4 cores", "nodes.total", "kubernetesVersion"]);
  });

  it("gives both markers when the mesh and the cluster changed together", () => {
    const runs = [run("r1", "1.30", fp()), run("r2", "1.31", fp({ cluster: "lab-2" }))];
    expect(historyMarkers(runs).map((m) => [m.kind, m.label])).toEqual([
      ["mesh", "istio 1.30 → 1.31"],
      ["environment", "environment: cluster"],
    ]);
  });

  it("does not call an unknown environment a change, but still reads labelled versions", () => {
    const runs = [run("r1", "1.30", null), run("r2", "1.31", fp()), run("r3", "1.31", null)];
    expect(historyMarkers(runs).map((m) => [m.kind, m.runId])).toEqual([["mesh", "r2"]]);
  });
});

describe("markersBetween", () => {
  const order = ["r1", "r2", "r3", "r4", "r5"];
  const markers = historyMarkers([
    run("r1", "1.30", null),
    run("r2", "1.30", null),
    run("r3", "1.31", null),
    run("r4", "1.31", null),
    run("r5", "1.32", null),
  ]);
  it("attributes a step to the upgrade between its runs, also across runs the series skipped", () => {
    expect(markersBetween(markers, order, "r2", "r3").map((m) => m.label)).toEqual([
      "istio 1.30 → 1.31",
    ]);
    expect(markersBetween(markers, order, "r1", "r4").map((m) => m.label)).toEqual([
      "istio 1.30 → 1.31",
    ]);
    expect(markersBetween(markers, order, "r3", "r4")).toEqual([]);
    expect(markersBetween(markers, order, "r9", "r4")).toEqual([]);
  });
});
