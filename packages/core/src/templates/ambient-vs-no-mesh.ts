import type { BenchmarkTemplate } from "./types";
import { meshVariant, noMeshVariant } from "./variants";

/**
 * A. "Istio ambient vs no mesh" (Istio 1.22, 3 workers): Fortio → Bookinfo, the whole app via
 * productpage and `details` alone; 100 RPS, 10 connections, 3 paired runs; Fortio on another node
 * (pod anti-affinity); the app at 2 replicas. Here the shipped sample app stands in for Bookinfo:
 * `whole-app` loads its front tier (the whole chain), `one-service` its leaf.
 */
export const ambientVsNoMesh: BenchmarkTemplate = {
  summary: {
    key: "ambient-vs-no-mesh",
    name: "Istio ambient vs no mesh",
    writeUp: {
      title: "Istio ambient vs no mesh (Istio 1.22, 3 workers, Bookinfo) — issue 15, write-up A",
      url: null,
    },
    summary:
      "100 RPS, 10 connections, 3 paired runs against the whole app (front tier) or one service; avg, P50, P75, P90, P99 per run.",
    cannotReproduce: [
      "Bookinfo is not shipped (its services are in four languages and images this project does not build): the sample app's three Fortio tiers stand in, `whole-app` through its front tier, `one-service` at its leaf.",
      "The write-up's cluster (Istio 1.22 on three workers) is the user's to provide; numbers compare meshes within one cluster only.",
    ],
    defaultMeshes: ["istio-ambient"],
    allowedMeshes: ["istio-ambient", "istio-sidecar", "linkerd", "cilium", "kmesh", "custom"],
    maxMeshes: 3,
    modes: [
      { value: "whole-app", label: "Whole app (front tier)" },
      { value: "one-service", label: "One service (leaf)" },
    ],
    defaultMode: "whole-app",
  },
  build({ meshes, mode }) {
    return {
      key: `ambient-vs-no-mesh-${mode}`,
      name: `Ambient vs no mesh — ${mode === "one-service" ? "one service" : "whole app"}`,
      description:
        "From the template ambient-vs-no-mesh, after the Istio blog's ambient vs no mesh write-up " +
        "(Istio 1.22, 3 workers): Fortio at 100 RPS with 10 connections, 3 paired runs, the load " +
        "generator on another node, the app at 2 replicas. The sample app stands in for Bookinfo.",
      template: "ambient-vs-no-mesh",
      target: {
        kind: "sample-app",
        tiers: 3,
        entry: mode === "one-service" ? "leaf" : "front",
        replicas: 2,
      },
      variants: [noMeshVariant(), ...meshes.map((m) => meshVariant(m))],
      loadMatrix: { qps: [100], connections: [10], payloadBytes: [0], protocols: ["http1"] },
      repetitions: 3,
      durationSeconds: 60,
      warmupSeconds: 5,
      methodology: {
        placement: { antiAffinity: true },
        // A's Fortio ran in the mesh: its client-side ztunnel is on the path (Fortio CPU −25%).
        loadGeneratorInMesh: true,
        interleaving: "round-robin",
      },
      reportSections: ["percentiles", "per-repetition", "distribution", "resources"],
    };
  },
};
