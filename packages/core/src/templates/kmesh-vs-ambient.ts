import type { TMeshKind } from "@meshbench/contracts";
import { WAYPOINT_NAME, waypointGateway } from "./manifests";
import type { BenchmarkTemplate } from "./types";
import { meshVariant, noMeshVariant } from "./variants";

/** E's connection counts: 1, 2, 4 … 128. */
export const KMESH_CONNECTIONS = [1, 2, 4, 8, 16, 32, 64, 128];
/** E's fixed rate for the latency charts (`"max"` measures throughput). */
export const KMESH_LATENCY_QPS = 1024;

/** Meshes whose L7 path goes through a waypoint Gateway (the contract allows `waypoint` only here). */
const hasWaypoints = (mesh: TMeshKind) => mesh === "istio-ambient" || mesh === "kmesh";

/**
 * E. Kmesh vs ambient: Fortio client and server on different nodes; max throughput (QPS 0) and
 * P90/P99 at 1024 QPS against connections 1…128, for L4 (TCP) and L7 (HTTP/1.1); the L7 variants
 * go through a waypoint on the server's node sized 2 CPU / 1 GiB.
 */
export const kmeshVsAmbient: BenchmarkTemplate = {
  summary: {
    key: "kmesh-vs-ambient",
    name: "Kmesh vs Istio ambient",
    writeUp: {
      title: "Kmesh vs Istio ambient performance (L4 and L7 via waypoint) — issue 15, write-up E",
      url: null,
    },
    summary:
      "Max throughput and P90/P99 at 1024 QPS for 1…128 connections, L4 (TCP) and L7 (HTTP/1.1, through a 2 CPU / 1 GiB waypoint on the server's node).",
    cannotReproduce: [
      "The waypoint variants need Istio's Envoy waypoint image (proxyv2) on the cluster; Meshbench's own offline test cluster cannot build one, so they are proven there only against a fake waypoint.",
      "The write-up's machines and kernel (Kmesh's eBPF data plane depends on it) are the user's to provide; which Kmesh mode runs is set where Kmesh is installed, not per benchmark.",
    ],
    defaultMeshes: ["kmesh", "istio-ambient"],
    // `custom`: a mesh Meshbench does not know, set up by the variant's labels; waypoints are
    // Istio ambient's and Kmesh's, so it gets the plain (L4 and L7) variant only.
    allowedMeshes: ["kmesh", "istio-ambient", "custom"],
    maxMeshes: 2,
    modes: [{ value: "default", label: "As published" }],
    defaultMode: "default",
  },
  build({ meshes }) {
    const waypoint = waypointGateway(WAYPOINT_NAME, { cpu: "2", memory: "1Gi" });
    return {
      key: "kmesh-vs-ambient",
      name: "Kmesh vs Istio ambient",
      description:
        "From the template kmesh-vs-ambient, after the Kmesh vs ambient write-up: Fortio client " +
        "and server on different nodes; max throughput and P90/P99 at 1024 QPS against 1…128 " +
        "connections, L4 and L7; the waypoint variants' Gateway sits on the server's node at 2 CPU / 1 GiB.",
      template: "kmesh-vs-ambient",
      target: { kind: "fortio-echo", replicas: 1 },
      variants: [
        noMeshVariant(),
        ...meshes.flatMap((m) =>
          hasWaypoints(m)
            ? [
                meshVariant(m),
                meshVariant(m, {
                  name: `${m}-waypoint`,
                  waypoint: WAYPOINT_NAME,
                  manifests: waypoint,
                }),
              ]
            : [meshVariant(m)],
        ),
      ],
      loadMatrix: {
        qps: ["max", KMESH_LATENCY_QPS],
        connections: KMESH_CONNECTIONS,
        payloadBytes: [0],
        protocols: ["tcp", "http1"],
      },
      repetitions: 3,
      durationSeconds: 30,
      warmupSeconds: 5,
      methodology: {
        placement: { antiAffinity: true },
        // E's client is meshed: two ztunnels (or Kmesh daemons) per request, and a waypoint
        // is reached only from the client's side.
        loadGeneratorInMesh: true,
        interleaving: "round-robin",
      },
      reportSections: [
        "throughput-vs-connections",
        "latency-vs-connections",
        "percentiles",
        "resources",
      ],
    };
  },
};
