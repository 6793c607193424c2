import type { BenchmarkTemplate } from "./types";
import { meshVariant, noMeshVariant } from "./variants";

/** C's request rates and run shape: 6 runs of 10 minutes at each of 20, 200 and 2000 RPS. */
export const KINVOLK_RPS_LEVELS = [20, 200, 2000];

/**
 * C. Linkerd vs Istio (Kinvolk's harness, wrk2 on a dedicated load node, a multi-service app):
 * 20/200/2000 RPS, 6 runs × 10 min, the run with the highest max latency dropped; p50…p99.99 and
 * max, the mean of runs with error bars; proxy and control-plane memory/CPU at 2000 RPS.
 */
export const linkerdVsIstio: BenchmarkTemplate = {
  summary: {
    key: "linkerd-vs-istio",
    name: "Linkerd vs Istio (Kinvolk)",
    writeUp: {
      title: "Linkerd benchmarks by Kinvolk (2019) — issue 15, write-up C",
      url: "https://linkerd.io/2019/05/18/linkerd-benchmarks/",
    },
    summary:
      "20, 200 and 2000 RPS through a multi-hop app, 6 runs × 10 min, the worst run by max latency dropped; mean ± SD of runs.",
    defaultMeshes: ["linkerd", "istio-sidecar"],
    allowedMeshes: ["linkerd", "istio-sidecar", "istio-ambient", "cilium", "kmesh", "custom"],
    maxMeshes: 3,
    modes: [{ value: "default", label: "As published" }],
    defaultMode: "default",
  },
  build({ meshes }) {
    return {
      key: "linkerd-vs-istio",
      name: "Linkerd vs Istio",
      description:
        "From the template linkerd-vs-istio, after Kinvolk's Linkerd vs Istio benchmark (2019): " +
        "20, 200 and 2000 RPS through a multi-hop app, 6 runs of 10 minutes each, the run with " +
        "the highest max latency dropped, load generator on its own node. Fortio replaces wrk2.",
      template: "linkerd-vs-istio",
      target: { kind: "sample-app", tiers: 3, entry: "front", replicas: 1 },
      variants: [noMeshVariant(), ...meshes.map((m) => meshVariant(m))],
      loadMatrix: {
        qps: KINVOLK_RPS_LEVELS,
        connections: [32],
        payloadBytes: [0],
        protocols: ["http1"],
      },
      repetitions: 6,
      durationSeconds: 600,
      warmupSeconds: 30,
      methodology: {
        placement: { antiAffinity: true },
        interleaving: "round-robin",
        runRule: { dropWorst: 1, by: "max" },
      },
      reportSections: [
        "percentiles",
        "per-repetition",
        "mean-sd-bars",
        "latency-vs-qps",
        "resources",
        "resources-vs-rps",
      ],
    };
  },
};
