import type { TBenchmarkDefinitionInput, TMeshKind, TTemplateJwt } from "@meshbench/contracts";
import {
  authorizationPolicy,
  joinManifests,
  noRetriesVirtualService,
  observabilityTelemetry,
  peerAuthentication,
  requestAuthentication,
  requireJwtPolicy,
  WAYPOINT_NAME,
  waypointGateway,
} from "./manifests";
import type { BenchmarkTemplate } from "./types";
import { isIstio, meshVariant, noMeshVariant, type VariantInput } from "./variants";

/**
 * B's fixed request rates: ELCA's Locust ran 10…180 users at 10 RPS each (harness
 * run_benchmark.py: `rps = [10, 20, 40, 60, 70, 100, 120, 150, 180]` users; the article reports
 * these eight levels).
 */
export const ELCA_RPS_LEVELS = [100, 200, 400, 700, 1000, 1200, 1500, 1800];
/** ELCA's Locust worker pods (harness locust-deployment/deployment-worker.yaml: replicas 30). */
export const ELCA_CONNECTIONS = 30;

/** ELCA's JWT feature: every request carries the token, the target's mesh validates it. */
const withToken = (jwt: TTemplateJwt) => ({
  requestHeaders: [{ name: "Authorization", secret: jwt.secret }],
});

/** What the description says of the JWT variant: whose token, which keys. */
function jwtNote(jwt: TTemplateJwt | null) {
  if (!jwt) return "";
  return jwt.generated
    ? ` The -jwt variants send a test token signed by an RS256 key pair Meshbench generated for this benchmark (private key discarded; the token is the workspace secret ${jwt.secret}); their RequestAuthentication trusts only that key, inline.`
    : ` The -jwt variants send your token (the workspace secret ${jwt.secret}) from issuer ${jwt.issuer}, verified with ${jwt.jwks !== undefined ? "the JWKS you gave, inline" : `the keys istiod fetches from ${jwt.jwksUri}`}.`;
}

/**
 * Istio sidecars' feature-cost variants: mTLS off, mTLS on, mTLS + observability (access logs,
 * full tracing), mTLS + authorization policy, and with a token mTLS + JWT (RequestAuthentication
 * and a policy that requires a valid token), each scoped to the target's pods. Retries are off
 * in every one (B did so for fairness).
 */
function sidecarFeatureVariants(mesh: TMeshKind, jwt: TTemplateJwt | null): VariantInput[] {
  const fair = noRetriesVirtualService();
  const strict = peerAuthentication("STRICT");
  return [
    meshVariant(mesh, {
      name: `${mesh}-mtls-off`,
      manifests: joinManifests(fair, peerAuthentication("DISABLE")),
      // Both sidecars still on the path; the path check expects plaintext between them.
      topology: { client: "in-mesh", hops: ["client-proxy", "server-proxy"], mtls: false },
    }),
    meshVariant(mesh, { manifests: joinManifests(fair, strict) }),
    meshVariant(mesh, {
      name: `${mesh}-mtls-obs`,
      manifests: joinManifests(fair, strict, observabilityTelemetry("pods")),
    }),
    meshVariant(mesh, {
      name: `${mesh}-authz`,
      manifests: joinManifests(fair, strict, authorizationPolicy("pods")),
    }),
    ...(jwt
      ? [
          meshVariant(mesh, {
            name: `${mesh}-jwt`,
            manifests: joinManifests(
              fair,
              strict,
              requestAuthentication("pods", jwt),
              requireJwtPolicy("pods"),
            ),
            ...withToken(jwt),
          }),
        ]
      : []),
  ];
}

/**
 * Ambient's: ztunnel always speaks mTLS (HBONE), so no mTLS-off variant; L7 features need a
 * waypoint (ztunnel cannot read HTTP; an L7 authorization rule there denies everything), so the
 * observability and authorization variants go through one, attached to the target's Service,
 * and `-waypoint` is their reference (the L7 hop alone). No VirtualService: ztunnel never
 * retries, and VirtualService on waypoints is alpha in Istio.
 */
function ambientFeatureVariants(mesh: TMeshKind, jwt: TTemplateJwt | null): VariantInput[] {
  const strict = peerAuthentication("STRICT");
  const waypoint = waypointGateway(WAYPOINT_NAME);
  const viaWaypoint = (name: string, ...docs: string[]) =>
    meshVariant(mesh, {
      name: `${mesh}-${name}`,
      waypoint: WAYPOINT_NAME,
      manifests: joinManifests(strict, waypoint, ...docs),
    });
  return [
    meshVariant(mesh, { manifests: strict }),
    viaWaypoint("waypoint"),
    viaWaypoint("mtls-obs", observabilityTelemetry("waypoint")),
    viaWaypoint("authz", authorizationPolicy("waypoint")),
    ...(jwt
      ? [
          {
            ...viaWaypoint(
              "jwt",
              requestAuthentication("waypoint", jwt),
              requireJwtPolicy("waypoint"),
            ),
            ...withToken(jwt),
          },
        ]
      : []),
  ];
}

function plainVariant(mesh: TMeshKind): VariantInput {
  return meshVariant(
    mesh,
    mesh === "istio-sidecar" ? { manifests: noRetriesVirtualService() } : {},
  );
}

/**
 * B. ELCA's study (Istio 1.12, Linkerd, Kuma, Consul; Locust; counter-api at 4 pods, 150m/325m
 * CPU, 128/256 MiB; load pods on other nodes; sidecar CPU limit 200m): 70 s per run, the first 5 s
 * discarded. Modes: `fixed-levels` (100…1800 RPS, meshes overlaid), `ramp` (a capacity search for
 * each mesh's saturation point: the highest rate still achieved) and `feature-cost` (mTLS on/off,
 * + observability, + authorization; Istio meshes only).
 */
export const elcaFeatureCost: BenchmarkTemplate = {
  summary: {
    key: "elca-feature-cost",
    name: "ELCA: saturation, fixed RPS levels and feature cost",
    writeUp: {
      title:
        "ELCA: Service Mesh Performance Evaluation — Istio, Linkerd, Kuma and Consul (2022) — issue 15, write-up B",
      url: "https://medium.com/elca-it/service-mesh-performance-evaluation-istio-linkerd-kuma-and-consul-d8a89390d630",
    },
    summary:
      "Fixed 100…1800 RPS with CDF/CCDF per level (70 s, first 5 s discarded), an RPS ramp to each mesh's saturation point, and the cost of mTLS, observability and authorization.",
    cannotReproduce: [
      "The counter-api (Spring Boot) is not shipped: the Fortio echo at ELCA's 4 pods and CPU/memory stands in for it.",
      "Locust is replaced by Fortio. Both are closed loops with a rate cap (no request until the previous answer); ELCA had one user per 10 RPS (10…180 users), Fortio has one connection count for every level: 30, ELCA's Locust worker count, each connection at level/30 RPS.",
      "ELCA's JWT variant (feature cost) needs a token: bring your own (a header secret holding the whole Authorization value, `Bearer <token>`, with its issuer and JWKS or JWKS URI) or let Meshbench generate a test RS256 key pair and token; without either it is left out. It also requires a valid token (an AuthorizationPolicy on any request principal), so a request without one is refused rather than passed unchecked.",
      "ELCA's OPA variant is not offered: OPA's Envoy plugin is an external authorizer Meshbench does not install.",
      "Kuma and Consul are not mesh kinds Meshbench installs or detects; use a custom variant with their injection labels.",
      "The ambient feature-cost variants are not in ELCA (Istio 1.12 had sidecars only); their observability and authorization go through a waypoint, which needs Istio's Envoy (proxyv2) image on the cluster.",
      "Istio's telemetry is switched per variant with the Telemetry API (access logs, 100 % tracing), not by reinstalling Istio with or without telemetry as ELCA did.",
    ],
    defaultMeshes: ["istio-sidecar", "linkerd"],
    allowedMeshes: ["istio-sidecar", "istio-ambient", "linkerd", "cilium", "kmesh", "custom"],
    maxMeshes: 5,
    modes: [
      { value: "fixed-levels", label: "Fixed RPS levels 100…1800" },
      { value: "ramp", label: "RPS ramp to saturation" },
      { value: "feature-cost", label: "Feature cost (mTLS, observability, authorization)" },
    ],
    defaultMode: "fixed-levels",
    jwtModes: ["feature-cost"],
  },
  problem({ meshes, mode }) {
    return mode === "feature-cost" && !meshes.some(isIstio)
      ? "feature cost needs an Istio mesh (istio-sidecar or istio-ambient)"
      : null;
  },
  build({ meshes, mode, jwt }) {
    const features = (m: TMeshKind) =>
      m === "istio-sidecar"
        ? sidecarFeatureVariants(m, jwt)
        : m === "istio-ambient"
          ? ambientFeatureVariants(m, jwt)
          : [];
    const variants =
      mode === "feature-cost"
        ? [noMeshVariant(), ...meshes.flatMap(features)]
        : [noMeshVariant(), ...meshes.map(plainVariant)];
    const definition: TBenchmarkDefinitionInput = {
      key: `elca-${mode}`,
      name: `ELCA — ${mode}`,
      description:
        "From the template elca-feature-cost, after ELCA's service-mesh performance evaluation " +
        "(2022): counter-api-like target at 4 pods (150m/325m CPU, 128/256 MiB), load pods on " +
        "other nodes, sidecar CPU limit 200m, Istio's retries off; 70 s per run, the " +
        "first 5 s discarded. ELCA's Locust was a closed loop with an RPS cap (each user waits for " +
        "its answer, at most 10 RPS); Fortio's per-connection rate over a fixed number of " +
        "connections is the same model, with 30 connections for ELCA's 30 Locust workers." +
        jwtNote(jwt),
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
        connections: [ELCA_CONNECTIONS],
        payloadBytes: [0],
        protocols: ["http1"],
      },
      repetitions: 3,
      durationSeconds: 70,
      warmupSeconds: 5,
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
