import { COMPONENTS, KUBERNETES_LABELS, TARGET_NAME } from "@meshbench/contracts";

/**
 * Per-variant manifests the templates attach (YAML text, applied into the variant's namespace
 * before its trials and removed after). Kept as small builders so each template reads as data.
 * Every policy is scoped to the target: a sidecar's or ztunnel's policy selects the target's pods
 * (so STRICT mTLS never covers the load generator), a waypoint's attaches to the target's
 * Service with `targetRefs` (Istio ambient enforces L7 only there).
 */

/** The pod label every target pod carries. */
const TARGET_POD_LABEL = { key: KUBERNETES_LABELS.component, value: COMPONENTS.target };

/** Where an Istio policy is enforced: the target pods' own proxy/ztunnel, or the waypoint. */
export type PolicyAttachment = "pods" | "waypoint";

export function joinManifests(...docs: string[]): string {
  return docs
    .map((d) => d.trim())
    .filter(Boolean)
    .join("\n---\n");
}

/** The spec lines that scope a policy to the target (2-space indent, under `spec:`). */
function attach(to: PolicyAttachment): string {
  return to === "pods"
    ? `  selector:
    matchLabels:
      ${TARGET_POD_LABEL.key}: ${TARGET_POD_LABEL.value}`
    : `  targetRefs:
    - kind: Service
      group: ""
      name: ${TARGET_NAME}`;
}

/** Istio PeerAuthentication for the target's pods: STRICT (mTLS on) or DISABLE (mTLS off). */
export function peerAuthentication(mode: "STRICT" | "DISABLE"): string {
  return `apiVersion: security.istio.io/v1
kind: PeerAuthentication
metadata:
  name: mtls-${mode.toLowerCase()}
spec:
${attach("pods")}
  mtls:
    mode: ${mode}`;
}

/** Istio Telemetry: Envoy access logs and full trace sampling (the "observability" feature). */
export function observabilityTelemetry(to: PolicyAttachment): string {
  return `apiVersion: telemetry.istio.io/v1
kind: Telemetry
metadata:
  name: observability
spec:
${attach(to)}
  accessLogging:
    - providers:
        - name: envoy
  tracing:
    - randomSamplingPercentage: 100`;
}

/** Istio Telemetry that turns the target's sidecars' metrics off (D's "no telemetry" mode). */
export function metricsOffTelemetry(): string {
  return `apiVersion: telemetry.istio.io/v1
kind: Telemetry
metadata:
  name: telemetry-off
spec:
${attach("pods")}
  metrics:
    - providers:
        - name: prometheus
      overrides:
        - disabled: true`;
}

/**
 * An allow-GET-and-POST Istio AuthorizationPolicy: every request pays for an L7 policy check. In
 * ambient it must be the waypoint's (an L7 rule in ztunnel denies everything).
 */
export function authorizationPolicy(to: PolicyAttachment): string {
  return `apiVersion: security.istio.io/v1
kind: AuthorizationPolicy
metadata:
  name: allow-get
spec:
${attach(to)}
  action: ALLOW
  rules:
    - to:
        - operation:
            methods: ["GET", "POST"]`;
}

/**
 * B: Istio's default retries (2 attempts) off, so meshes are compared alike, as ELCA's
 * `disable_retries.yaml` did (Istio sets no route timeout by default; `timeout: 0s` is refused by
 * its CRD). Exported to its own namespace only (without `exportTo` it would apply mesh-wide,
 * which the cluster policy refuses). Sidecars only: ambient's ztunnel does not retry.
 */
export function noRetriesVirtualService(): string {
  return `apiVersion: networking.istio.io/v1
kind: VirtualService
metadata:
  name: no-retries
spec:
  exportTo: ["."]
  hosts: ["${TARGET_NAME}"]
  http:
    - route:
        - destination:
            host: ${TARGET_NAME}
      retries:
        attempts: 0`;
}

/** The waypoint Gateway every template's waypoint variants use (`variant.waypoint`). */
export const WAYPOINT_NAME = "waypoint";

/** Sizing and placement of a waypoint (E: on the server's node, 2 CPU / 1 GiB). */
export type WaypointSizing = { cpu: string; memory: string };

/**
 * A waypoint Gateway (Istio's `istio-waypoint` class; Kmesh uses the same) for the namespace's
 * Services. `sized`: its pod on the server's node — required pod affinity to the target's pods —
 * with that CPU and memory, through the Gateway's parameters ConfigMap.
 */
export function waypointGateway(name: string, sized?: WaypointSizing): string {
  const gateway = `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: ${name}
  labels:
    istio.io/waypoint-for: service
spec:
  gatewayClassName: istio-waypoint${
    sized
      ? `
  infrastructure:
    parametersRef:
      group: ""
      kind: ConfigMap
      name: ${name}-options`
      : ""
  }
  listeners:
    - name: mesh
      port: 15008
      protocol: HBONE`;
  if (!sized) return gateway;
  return `${gateway}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}-options
data:
  deployment: |
    spec:
      template:
        spec:
          affinity:
            podAffinity:
              requiredDuringSchedulingIgnoredDuringExecution:
                - topologyKey: kubernetes.io/hostname
                  labelSelector:
                    matchLabels:
                      ${TARGET_POD_LABEL.key}: ${TARGET_POD_LABEL.value}
          containers:
            - name: istio-proxy
              resources:
                requests: { cpu: "${sized.cpu}", memory: ${sized.memory} }
                limits: { cpu: "${sized.cpu}", memory: ${sized.memory} }`;
}

/** What a RequestAuthentication trusts: a token's issuer and its keys (inline or fetched). */
export type JwtTrust = { issuer: string; jwks?: string; jwksUri?: string };

/**
 * Istio RequestAuthentication for the target: a token from `issuer`, verified with the given
 * keys, is validated on every request (an invalid one is refused with 401). Strings are written
 * as JSON, which is valid YAML, so no issuer or JWKS can break out of its field.
 */
export function requestAuthentication(to: PolicyAttachment, trust: JwtTrust): string {
  const keys =
    trust.jwks !== undefined
      ? `jwks: ${JSON.stringify(trust.jwks)}`
      : `jwksUri: ${JSON.stringify(trust.jwksUri ?? "")}`;
  return `apiVersion: security.istio.io/v1
kind: RequestAuthentication
metadata:
  name: jwt
spec:
${attach(to)}
  jwtRules:
    - issuer: ${JSON.stringify(trust.issuer)}
      ${keys}`;
}

/**
 * An AuthorizationPolicy that admits only requests with a valid token (any request principal):
 * without it a request with no token at all would pass a RequestAuthentication unchecked, and a
 * load generator whose header went missing would measure nothing.
 */
export function requireJwtPolicy(to: PolicyAttachment): string {
  return `apiVersion: security.istio.io/v1
kind: AuthorizationPolicy
metadata:
  name: require-jwt
spec:
${attach(to)}
  action: ALLOW
  rules:
    - from:
        - source:
            requestPrincipals: ["*"]`;
}
