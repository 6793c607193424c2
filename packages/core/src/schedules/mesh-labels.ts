import type { TMeshDetection } from "@meshbench/contracts";

/**
 * The mesh versions a cluster's detection found, as run labels (`mesh.istio=1.31.0`), so a
 * scheduled run's history point says which mesh version it measured.
 */
export function meshVersionLabels(detection: TMeshDetection | null): Record<string, string> {
  if (!detection) return {};
  const versions: [string, string | null | undefined][] = [
    ["mesh.istio", detection.istio?.istiod?.version],
    ["mesh.linkerd", detection.linkerd?.controlPlane?.version],
    ["mesh.cilium", detection.cilium?.agent?.version],
    ["mesh.kmesh", detection.kmesh?.daemon?.version],
  ];
  return Object.fromEntries(
    versions.filter((v): v is [string, string] => typeof v[1] === "string" && v[1].length > 0),
  );
}
