import { metricsOffTelemetry } from "./manifests";
import type { BenchmarkTemplate } from "./types";
import { meshVariant, noMeshVariant } from "./variants";

/** D's client connection counts for the latency-vs-connections charts; 16 is the headline. */
export const ISTIO_PERF_CONNECTIONS = [2, 4, 8, 16, 32, 64];
/** Two proxy worker threads, set per pod (not per namespace). */
export const PROXY_CONCURRENCY_ANNOTATION = { "proxy.istio.io/config": "concurrency: 2" };

/**
 * D. Istio's performance and scalability page: 1000 QPS, 16 connections (and 2…64 for the charts),
 * 1 KB payload, 2 proxy worker threads, telemetry on and off; P90/P99 *added* by the proxies vs
 * the no-mesh baseline; vCPU and MB per 1000 QPS.
 */
export const istioPerfPage: BenchmarkTemplate = {
  summary: {
    key: "istio-perf-page",
    name: "Istio performance page",
    writeUp: {
      title: "Istio docs: Performance and Scalability — issue 15, write-up D",
      url: "https://istio.io/latest/docs/ops/deployment/performance-and-scalability/",
    },
    summary:
      "1000 QPS, 1 KB payload, 2 proxy worker threads, 2…64 connections; added P90/P99 vs baseline with telemetry on and off; vCPU and MB per 1000 QPS.",
    cannotReproduce: [
      "The page's figures come from Istio's own harness (istio/tools perf/benchmark) on its reference cluster; only the shape (load, payload, connections, worker threads) is reproduced.",
      "istio-ambient has no telemetry-off variant: the Telemetry API switches sidecars' and waypoints' metrics, not ztunnel's, so on ztunnel alone it would change nothing.",
      "Proxy concurrency (2 worker threads) is set per pod for sidecars; ztunnel's threads are set where ambient is installed, not per benchmark.",
    ],
    defaultMeshes: ["istio-sidecar"],
    // `custom`: a mesh Meshbench does not know, set up by the variant's labels; it gets no
    // Istio-only config (proxy concurrency, the Telemetry API), so one variant, no telemetry pair.
    allowedMeshes: ["istio-sidecar", "istio-ambient", "custom"],
    maxMeshes: 2,
    modes: [{ value: "default", label: "As published" }],
    defaultMode: "default",
  },
  build({ meshes }) {
    const proxied = { podAnnotations: PROXY_CONCURRENCY_ANNOTATION };
    return {
      key: "istio-perf-page",
      name: "Istio performance page",
      description:
        "From the template istio-perf-page, after Istio's Performance and Scalability page: " +
        "1000 QPS, 16 connections (2…64 for the vs-connections chart), 1 KB payload, proxy " +
        "concurrency 2, telemetry on and off; latency added by the proxies vs no mesh.",
      template: "istio-perf-page",
      target: { kind: "fortio-echo", replicas: 1 },
      variants: [
        noMeshVariant(),
        ...meshes.flatMap((m) =>
          m === "istio-sidecar"
            ? [
                meshVariant(m, proxied),
                meshVariant(m, {
                  ...proxied,
                  name: `${m}-no-telemetry`,
                  manifests: metricsOffTelemetry(),
                }),
              ]
            : [meshVariant(m)],
        ),
      ],
      loadMatrix: {
        qps: [1000],
        connections: ISTIO_PERF_CONNECTIONS,
        payloadBytes: [1024],
        protocols: ["http1"],
      },
      repetitions: 3,
      durationSeconds: 240,
      warmupSeconds: 10,
      methodology: {
        placement: { antiAffinity: true },
        // The page's headline figures are its `_both` mode: client and server sidecars.
        loadGeneratorInMesh: true,
        interleaving: "round-robin",
      },
      reportSections: [
        "added-latency",
        "latency-vs-connections",
        "percentiles",
        "resources",
        "resources-vs-rps",
      ],
    };
  },
};
