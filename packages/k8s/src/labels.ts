import { createHash } from "node:crypto";
import type { TVariant } from "@meshbench/contracts";

/** Every object a run creates carries these labels, so cleanup and the sweeper can find it. */
export const LABELS = {
  managedBy: "app.kubernetes.io/managed-by",
  run: "meshbench.io/run",
  variant: "meshbench.io/variant",
  component: "meshbench.io/component",
  trial: "meshbench.io/trial",
} as const;
export const MANAGED_BY = "meshbench";
export const TARGET_NAME = "echo";
export const LOAD_CONTAINER = "fortio";
/** The "lg-" prefix is how usage sampling tells load-generator pods apart. */
export const LOAD_GENERATOR_NAME = "lg-fortio";

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
  const hash = createHash("sha256").update(trialKey).digest("hex").slice(0, 8);
  return `${runId}/t${sequence}-${hash}`;
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
