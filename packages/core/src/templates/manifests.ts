import { COMPONENTS, KUBERNETES_LABELS, TARGET_NAME } from "@meshbench/contracts";

/**
 * Per-variant manifests the templates attach (YAML text, applied into the variant's namespace
 * before its trials and removed after). Kept as small builders so each template reads as data.
 */

/** The pod label every target pod carries. */
const TARGET_POD_LABEL = { key: KUBERNETES_LABELS.component, value: COMPONENTS.target };

export function joinManifests(...docs: string[]): string {
  return docs
    .map((d) => d.trim())
    .filter(Boolean)
    .join("\n---\n");
}

/** Istio PeerAuthentication for the whole namespace: STRICT (mTLS on) or DISABLE (mTLS off). */
export function peerAuthentication(mode: "STRICT" | "DISABLE"): string {
  return `apiVersion: security.istio.io/v1
kind: PeerAuthentication
metadata:
  name: mtls-${mode.toLowerCase()}
spec:
  mtls:
    mode: ${mode}`;
}

/** Istio Telemetry: Envoy access logs and full trace sampling (the "observability" feature). */
export function observabilityTelemetry(): string {
  return `apiVersion: telemetry.istio.io/v1
kind: Telemetry
metadata:
  name: observability
spec:
  accessLogging:
    - providers:
        - name: envoy
  tracing:
    - randomSamplingPercentage: 100`;
}

/** Istio Telemetry that turns the proxies' metrics off (D's "no telemetry" mode). */
export function metricsOffTelemetry(): string {
  return `apiVersion: telemetry.istio.io/v1
kind: Telemetry
metadata:
  name: telemetry-off
spec:
  metrics:
    - providers:
        - name: prometheus
      overrides:
        - disabled: true`;
}

/** An allow-all-GETs Istio AuthorizationPolicy: every request pays for a policy check. */
export function authorizationPolicy(): string {
  return `apiVersion: security.istio.io/v1
kind: AuthorizationPolicy
metadata:
  name: allow-get
spec:
  action: ALLOW
  rules:
    - to:
        - operation:
            methods: ["GET", "POST"]`;
}

/**
 * B: Istio's default retries (2 attempts) and timeouts off, so meshes are compared alike. Exported
 * to its own namespace only (without `exportTo` it would apply mesh-wide, which the cluster
 * policy refuses).
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
        attempts: 0
      timeout: 0s`;
}

/**
 * E: a waypoint (Istio's `istio-waypoint` class; Kmesh uses the same Gateway) on the server's
 * node — required pod affinity to the target's pods — sized 2 CPU / 1 GiB.
 */
export function waypointGateway(name: string, cpu = "2", memory = "1Gi"): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: ${name}
  labels:
    istio.io/waypoint-for: service
spec:
  gatewayClassName: istio-waypoint
  infrastructure:
    parametersRef:
      group: ""
      kind: ConfigMap
      name: ${name}-options
  listeners:
    - name: mesh
      port: 15008
      protocol: HBONE
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
                requests: { cpu: "${cpu}", memory: ${memory} }
                limits: { cpu: "${cpu}", memory: ${memory} }`;
}
