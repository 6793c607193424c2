import type { BundleObject } from "../manifests/bundle";

/** What a rollout reports, for the kinds whose readiness is waited for. */
export type RolloutStatus = {
  metadata?: { generation?: number };
  spec?: { replicas?: number };
  status?: {
    observedGeneration?: number;
    availableReplicas?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    conditions?: { type?: string; status?: string; reason?: string }[];
  };
};

/** The kinds with a rollout to wait for; any other kind is ready once applied. */
export const ROLLOUT_KINDS = ["Deployment", "StatefulSet", "Gateway"];

/** Why a freshly read object is not ready yet, or null (kinds without a rollout are ready). */
export function notReadyReason(o: BundleObject & RolloutStatus): string | null {
  const want = o.spec?.replicas ?? 1;
  const s = o.status ?? {};
  const name = `${o.kind} ${o.metadata.name}`;
  // Gateways have no top-level observedGeneration (theirs is per condition): only kinds that
  // report one are checked, else a Programmed Gateway would never count as ready.
  if (s.observedGeneration !== undefined && s.observedGeneration < (o.metadata.generation ?? 0))
    return `${name} not observed yet`;
  if (
    o.kind === "Deployment" &&
    ((s.availableReplicas ?? 0) < want || (s.updatedReplicas ?? 0) < want)
  )
    return `${name}: ${s.availableReplicas ?? 0}/${want} available`;
  if (o.kind === "StatefulSet" && (s.readyReplicas ?? 0) < want)
    return `${name}: ${s.readyReplicas ?? 0}/${want} ready`;
  if (o.kind === "Gateway") {
    const programmed = s.conditions?.find((c) => c.type === "Programmed");
    if (programmed?.status !== "True")
      return `${name} not Programmed${programmed?.reason ? ` (${programmed.reason})` : ""}`;
  }
  return null;
}
