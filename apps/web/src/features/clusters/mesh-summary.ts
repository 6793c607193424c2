import type { TDetectedComponent, TMeshDetection } from "@meshbench/contracts";

/** The named components detection looks for, in display order. */
export function detectedComponents(d: TMeshDetection): { label: string; c: TDetectedComponent }[] {
  return [
    { label: "istiod", c: d.istio.istiod },
    { label: "ztunnel (ambient)", c: d.istio.ztunnel },
    { label: "istio-cni", c: d.istio.cni },
    { label: "linkerd", c: d.linkerd.controlPlane },
    { label: "cilium", c: d.cilium.agent },
    { label: "cilium-envoy", c: d.cilium.envoy },
    { label: "kmesh", c: d.kmesh.daemon },
  ];
}

/** "istio 1.24.2, linkerd" — or "none" when only the baseline can run. */
export function meshSummary(d: TMeshDetection | null): string {
  if (!d) return "not detected yet";
  const found = [
    d.istio.istiod.found ? `istio ${d.istio.istiod.version ?? ""}`.trim() : null,
    d.istio.ztunnel.found ? "ambient" : null,
    d.linkerd.controlPlane.found ? `linkerd ${d.linkerd.controlPlane.version ?? ""}`.trim() : null,
    d.cilium.agent.found ? `cilium ${d.cilium.agent.version ?? ""}`.trim() : null,
    d.kmesh.daemon.found ? "kmesh" : null,
  ].filter(Boolean);
  return found.length ? found.join(", ") : "none";
}

export const formatWhen = (d: Date | null) =>
  d ? d.toISOString().slice(0, 16).replace("T", " ") : "never";

/** Cluster status → the run-status badge colour it reads like. */
export const STATUS_BADGE = {
  ready: "succeeded",
  pending: "queued",
  unreachable: "failed",
  forbidden: "failed",
  refused: "failed",
} as const;
