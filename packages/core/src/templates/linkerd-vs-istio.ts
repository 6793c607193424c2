import type { BenchmarkTemplate } from "./types";
import { meshVariant, noMeshVariant } from "./variants";

/** C's request rates: 20, 200 and 2,000 RPS (the 2021 re-run, like Kinvolk's 2019 original). */
export const KINVOLK_RPS_LEVELS = [20, 200, 2000];
/** wrk2's connections in the harness's run script (`--set wrk2.connections=128`). */
export const KINVOLK_CONNECTIONS = 128;

/**
 * C. Linkerd vs Istio, Buoyant's 2021 re-run of Kinvolk's harness (Linkerd 2.11.1, Istio 1.12.0
 * "minimal", mTLS on in both; wrk2 on a dedicated load node, emojivoto): 20/200/2000 RPS, runs of
 * 10 minutes, 8 runs per level with the 3 worst by max latency discarded; p50…p99.99 and max as
 * the mean of runs with one-SD error bars; proxy and control-plane memory/CPU at 2000 RPS.
 */
export const linkerdVsIstio: BenchmarkTemplate = {
  summary: {
    key: "linkerd-vs-istio",
    name: "Linkerd vs Istio (2021 redux of Kinvolk's benchmark)",
    writeUp: {
      title: "Benchmarking Linkerd and Istio: 2021 Redux (Buoyant) — issue 15, write-up C",
      url: "https://linkerd.io/2021/11/29/linkerd-vs-istio-benchmarks-2021/",
    },
    summary:
      "20, 200 and 2000 RPS through a multi-hop app, 8 runs × 10 min, the 3 worst by max latency dropped; mean ± SD of runs.",
    cannotReproduce: [
      "emojivoto (gRPC and HTTP between its services, many instances in Kinvolk's harness) is not shipped: the HTTP sample app's three tiers stand in for it.",
      "wrk2 is replaced by Fortio at a fixed rate with 128 connections (the harness's wrk2 setting); wrk2 corrects latencies for coordinated omission, Fortio does not.",
      "The re-run discarded the 3 runs with the worst max latency of the baseline (the same runs for every mesh); Meshbench drops the 3 worst of each variant by its own max.",
      "At 2,000 RPS the re-run kept 6 of 7 runs (its deadline); the template runs 8 and drops 3 at every level.",
      "The write-up states no warm-up; the template discards the first 30 s of each 10-minute run.",
      "Its bare-metal cluster (Equinix Metal, 6 workers and a load node) is not reproducible; compare meshes within one cluster only.",
    ],
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
        "From the template linkerd-vs-istio, after Buoyant's 2021 re-run of Kinvolk's Linkerd vs " +
        "Istio benchmark (Benchmarking Linkerd and Istio: 2021 Redux): 20, 200 and 2000 RPS " +
        "through a multi-hop app, 8 runs of 10 minutes each, the 3 runs with the highest max " +
        "latency dropped, load generator on its own node. Fortio replaces wrk2.",
      template: "linkerd-vs-istio",
      target: { kind: "sample-app", tiers: 3, entry: "front", replicas: 1 },
      variants: [noMeshVariant(), ...meshes.map((m) => meshVariant(m))],
      loadMatrix: {
        qps: KINVOLK_RPS_LEVELS,
        connections: [KINVOLK_CONNECTIONS],
        payloadBytes: [0],
        protocols: ["http1"],
      },
      repetitions: 8,
      durationSeconds: 600,
      warmupSeconds: 30,
      methodology: {
        placement: { antiAffinity: true },
        interleaving: "round-robin",
        runRule: { dropWorst: 3, by: "max" },
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
