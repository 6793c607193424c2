import type { TBenchmarkDefinitionInput, TMeshKind, TVariant } from "@meshbench/contracts";
import {
  authorizationPolicy,
  joinManifests,
  noRetriesVirtualService,
  observabilityTelemetry,
  peerAuthentication,
} from "./manifests";
import type { BenchmarkTemplate } from "./types";
import { isIstio, meshVariant, noMeshVariant } from "./variants";

/** B's fixed request rates: 100 … 1800 RPS, CDF/CCDF per level with the meshes overlaid. */
export const ELCA_RPS_LEVELS = [100, 200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800];

type VariantInput = Partial<TVariant> & Pick<TVariant, "name" | "mesh">;

/**
 * Istio's feature-cost variants, each a per-variant manifest bundle: mTLS off, mTLS on, mTLS +
 * observability (access logs, full tracing), mTLS + authorization policy. Retries and timeouts
 * are off in every one (B did so for fairness).
 */
function istioFeatureVariants(mesh: TMeshKind): VariantInput[] {
  const fair = noRetriesVirtualService();
  const strict = peerAuthentication("STRICT");
  const variants: VariantInput[] = [
    meshVariant(mesh, { manifests: joinManifests(fair, strict) }),
    meshVariant(mesh, {
      name: `${mesh}-mtls-obs`,
      manifests: joinManifests(fair, strict, observabilityTelemetry()),
    }),
    meshVariant(mesh, {
      name: `${mesh}-authz`,
      manifests: joinManifests(fair, strict, authorizationPolicy()),
    }),
  ];
  // Ambient's ztunnel always speaks HBONE (mTLS); only sidecars can switch it off.
  if (mesh === "istio-sidecar")
    variants.unshift(
      meshVariant(mesh, {
        name: `${mesh}-mtls-off`,
        manifests: joinManifests(fair, peerAuthentication("DISABLE")),
        // Both sidecars still on the path; the path check expects plaintext between them.
        topology: { client: "in-mesh", hops: ["client-proxy", "server-proxy"], mtls: false },
      }),
    );
  return variants;
}

function plainVariant(mesh: TMeshKind): VariantInput {
  return meshVariant(mesh, isIstio(mesh) ? { manifests: noRetriesVirtualService() } : {});
}

/**
 * B. The ELCA study (Locust; counter-api at 4 pods, 150m/325m CPU, 128/256 MiB; load pods on
 * other nodes; sidecar CPU limit 200m). Modes: `fixed-levels` (100…1800 RPS, meshes overlaid),
 * `ramp` (a capacity search for each mesh's saturation point: the highest rate still achieved)
 * and `feature-cost` (mTLS on/off, + observability, + authorization; Istio meshes only).
 */
export const elcaFeatureCost: BenchmarkTemplate = {
  summary: {
    key: "elca-feature-cost",
    name: "ELCA: saturation, fixed RPS levels and feature cost",
    writeUp: {
      title:
        "ELCA service-mesh performance study (Istio, Linkerd, Cilium, Consul, Kuma) — issue 15, write-up B",
      url: null,
    },
    summary:
      "RPS ramp to each mesh's saturation point, fixed 100…1800 RPS with CDF/CCDF per level, and the cost of mTLS, observability and authorization.",
    defaultMeshes: ["istio-sidecar", "linkerd"],
    allowedMeshes: ["istio-sidecar", "istio-ambient", "linkerd", "cilium", "kmesh", "custom"],
    maxMeshes: 5,
    modes: [
      { value: "fixed-levels", label: "Fixed RPS levels 100…1800" },
      { value: "ramp", label: "RPS ramp to saturation" },
      { value: "feature-cost", label: "Feature cost (mTLS, observability, authorization)" },
    ],
    defaultMode: "fixed-levels",
  },
  problem({ meshes, mode }) {
    return mode === "feature-cost" && !meshes.some(isIstio)
      ? "feature cost needs an Istio mesh (istio-sidecar or istio-ambient)"
      : null;
  },
  build({ meshes, mode }) {
    const variants =
      mode === "feature-cost"
        ? [noMeshVariant(), ...meshes.flatMap((m) => (isIstio(m) ? istioFeatureVariants(m) : []))]
        : [noMeshVariant(), ...meshes.map(plainVariant)];
    const definition: TBenchmarkDefinitionInput = {
      key: `elca-${mode}`,
      name: `ELCA — ${mode}`,
      description:
        "From the template elca-feature-cost, after the ELCA service-mesh study: counter-api-like " +
        "target at 4 pods (150m/325m CPU, 128/256 MiB), load pods on other nodes, sidecar CPU " +
        "limit 200m, retries and timeouts off. Fortio replaces Locust (same open-loop RPS).",
      template: "elca-feature-cost",
      target: {
        kind: "fortio-echo",
        replicas: 4,
        resources: {
          requests: { cpu: "150m", memory: "128Mi" },
          limits: { cpu: "325m", memory: "256Mi" },
        },
      },
      variants,
      loadMatrix: {
        qps: mode === "ramp" ? [100] : ELCA_RPS_LEVELS,
        connections: [32],
        payloadBytes: [0],
        protocols: ["http1"],
      },
      repetitions: 3,
      durationSeconds: 120,
      warmupSeconds: 10,
      methodology: {
        placement: { antiAffinity: true },
        sidecarResources: { limits: { cpu: "200m" } },
        // Both sidecars on the path, with mTLS (B's load pods were meshed).
        loadGeneratorInMesh: true,
        interleaving: "randomized-blocks",
        seed: 1,
      },
      reportSections:
        mode === "ramp"
          ? ["capacity", "load-curves", "resources-vs-rps"]
          : ["percentiles", "distribution", "latency-vs-qps", "load-curves", "resources-vs-rps"],
    };
    if (mode === "ramp")
      // Saturation = the rate is no longer achieved (≥ 95 %); the latency bound is deliberately loose.
      definition.capacity = {
        p99Ms: 1000,
        maxErrorPercent: 1,
        minAchievedPercent: 95,
        startQps: 100,
        maxQps: 5000,
        precisionPercent: 5,
        repetitionsPerProbe: 1,
        maxTrials: 60,
      };
    return definition;
  },
};
