import { createHash } from "node:crypto";
import { KUBERNETES_LABELS, MANAGED_BY, TARGET_NAME, type TVariant } from "@meshbench/contracts";
import { FORTIO_PORT } from "../fortio/run-request";

/** Every object a run creates carries these labels (contracts' KUBERNETES_LABELS). */
export const LABELS = KUBERNETES_LABELS;
export { MANAGED_BY, TARGET_NAME };
export const LOAD_CONTAINER = "fortio";
/** The "lg-" prefix is how usage sampling tells load-generator pods apart. */
export const LOAD_GENERATOR_NAME = "lg-fortio";

/** The class Istio (and Kmesh, which reuses Istio's waypoints) programs waypoints from. */
export const WAYPOINT_CLASS = "istio-waypoint";
/** Istio labels a waypoint's pods with the Gateway they serve (Gateway API convention). */
export const GATEWAY_NAME_LABEL = "gateway.networking.k8s.io/gateway-name";

export function runLabels(runId: string, variant?: string) {
  return {
    [LABELS.managedBy]: MANAGED_BY,
    [LABELS.run]: runId,
    ...(variant ? { [LABELS.variant]: variant } : {}),
  };
}

/** Idempotent: the same run and variant always map to the same namespace. */
export function variantNamespace(runId: string, variant: string) {
  return `mb-${runId}-${variant}`.slice(0, 63).replace(/-+$/, "");
}

/** Idempotent per trial key: the label a resumed worker finds its trial's Fortio run by. */
export function trialLabel(runId: string, sequence: number, trialKey: string) {
  return `${runId}/${trialLabelValue(sequence, trialKey)}`;
}

/** The trial's part of it, a valid label value: its measurement pods' `LABELS.trial`. */
export function trialLabelValue(sequence: number, trialKey: string) {
  const hash = createHash("sha256").update(trialKey).digest("hex").slice(0, 8);
  return `t${sequence}-${hash}`;
}

/** Namespace labels and annotations that switch a variant's mesh data plane on. */
export function meshNamespaceMetadata(variant: TVariant) {
  const labels: Record<string, string> = {};
  const annotations: Record<string, string> = {};
  switch (variant.mesh) {
    case "istio-sidecar":
      labels["istio-injection"] = "enabled";
      break;
    case "istio-ambient":
      labels["istio.io/dataplane-mode"] = "ambient";
      if (variant.waypoint) labels["istio.io/use-waypoint"] = variant.waypoint;
      break;
    case "linkerd":
      annotations["linkerd.io/inject"] = "enabled";
      break;
    case "kmesh":
      labels["istio.io/dataplane-mode"] = "Kmesh";
      // Kmesh's L7 goes through an Istio-style waypoint, named the same way.
      if (variant.waypoint) labels["istio.io/use-waypoint"] = variant.waypoint;
      break;
    case "baseline":
      // Explicit opt-outs, so a cluster-wide default injection cannot turn baseline into a mesh.
      labels["istio-injection"] = "disabled";
      break;
    case "cilium":
    case "custom":
      break;
  }
  return {
    labels: { ...labels, ...variant.labels },
    annotations: { ...annotations, ...variant.annotations },
  };
}

/**
 * Pod-level opt-outs from every mesh kind's enrolment: sidecar injectors (Istio, Linkerd) read
 * the first three, ambient's ztunnel and Kmesh read `istio.io/dataplane-mode=none` on the pod
 * over the namespace's label. Cilium has no per-pod opt-out (its datapath is node-wide).
 */
const LOAD_GENERATOR_OPT_OUT = {
  labels: { "sidecar.istio.io/inject": "false", "istio.io/dataplane-mode": "none" },
  annotations: { "sidecar.istio.io/inject": "false", "linkerd.io/inject": "disabled" },
};

/**
 * The control channel of a load generator in the mesh: its Fortio REST port (driven in plaintext
 * through the apiserver's pod proxy) is taken out of each mesh's inbound capture, so STRICT mTLS
 * (even mesh-wide) never refuses Meshbench's own requests, while the load it sends still leaves
 * through the mesh. Istio sidecar: the port is excluded from the sidecar's inbound redirect;
 * ambient: istio-cni skips inbound capture for the pod (an outbound-only client, as Istio's
 * `ambient.istio.io/bypass-inbound-capture` is meant for; it exists in the Istio we run); Linkerd:
 * the proxy skips the port. Kmesh has no per-port or inbound-only exclusion (`kmesh.net/bypass`
 * takes the whole pod out) and needs none: it terminates no mTLS of its own on the pod, so a
 * PeerAuthentication does not refuse plaintext there. Cilium's datapath is node-wide. These are
 * Meshbench's annotations on its own pod, never a tenant's input.
 */
export const CONTROL_CHANNEL_ANNOTATIONS: Readonly<Record<string, string>> = {
  "traffic.sidecar.istio.io/excludeInboundPorts": String(FORTIO_PORT),
  "ambient.istio.io/bypass-inbound-capture": "true",
  "config.linkerd.io/skip-inbound-ports": String(FORTIO_PORT),
};

/**
 * One rule for every mesh: when the load generator stays out of the mesh it opts out for every
 * kind (sidecar, ambient, Kmesh alike); when it joins, it inherits the namespace's enrolment, as
 * the target does, and keeps its control port out of capture (CONTROL_CHANNEL_ANNOTATIONS).
 * (Before, ambient and Kmesh enrolled it through the namespace while sidecar variants opted it
 * out: a different client path per mesh.) Whether it joins is the variant's declared client
 * placement (core's clientInMesh).
 */
export function loadGeneratorMeshMetadata(inMesh: boolean) {
  return inMesh
    ? { labels: {}, annotations: { ...CONTROL_CHANNEL_ANNOTATIONS } }
    : {
        labels: { ...LOAD_GENERATOR_OPT_OUT.labels },
        annotations: { ...LOAD_GENERATOR_OPT_OUT.annotations },
      };
}

const pairsOf = (m: { labels: Record<string, string>; annotations: Record<string, string> }) =>
  [...Object.entries(m.labels), ...Object.entries(m.annotations)]
    .map(([k, v]) => `${k}=${v}`)
    .filter((p, i, all) => all.indexOf(p) === i)
    .join(", ");

/** The rule in words, for the run's environment record (`every`: the same for every variant). */
export function describeLoadGeneratorMesh(inMesh: boolean, every = true) {
  const scope = every ? " for every variant" : "";
  if (inMesh)
    return `in the mesh${scope} (its pod inherits the namespace's enrolment, like the target's; its REST port ${FORTIO_PORT} stays out of capture: ${pairsOf(loadGeneratorMeshMetadata(true))})`;
  return `out of the mesh${scope} (its pod opts out: ${pairsOf(loadGeneratorMeshMetadata(false))}; Cilium has no per-pod opt-out)`;
}
