import { GATEWAY_NAME_LABEL, WAYPOINT_CLASS } from "../manifests/labels";

export type WaypointObservation = {
  /** null: no Gateway of that name in the namespace (or the Gateway API is not installed). */
  gateway: { className: string; programmed: Condition | null } | null;
  pods: { name: string; ready: boolean }[];
};

/**
 * Would a waypoint variant's traffic reach its waypoint? The namespace's `istio.io/use-waypoint`
 * label names a Gateway: it must exist with the waypoint class, be `Programmed`, and have a
 * Ready pod. Otherwise the variant measures L4 only and must fail with the reason. Null: all well.
 */
export function waypointProblem(
  name: string,
  namespace: string,
  seen: WaypointObservation,
): string | null {
  const g = seen.gateway;
  if (!g)
    return `waypoint ${name}: no Gateway of that name in ${namespace} (add one with gatewayClassName ${WAYPOINT_CLASS} to the variant's manifests); traffic would not reach a waypoint`;
  if (g.className !== WAYPOINT_CLASS)
    return `waypoint ${name}: its Gateway has gatewayClassName ${g.className || "(none)"}, not ${WAYPOINT_CLASS}; traffic would not reach a waypoint`;
  if (g.programmed?.status !== "True") {
    const why = g.programmed
      ? `${g.programmed.reason}${g.programmed.message ? `: ${g.programmed.message}` : ""}`
      : "no Programmed condition: is istiod (or Kmesh's control plane) running?";
    return `waypoint ${name}: Gateway not Programmed (${why})`;
  }
  if (!seen.pods.some((p) => p.ready))
    return `waypoint ${name}: no Ready waypoint pod (${GATEWAY_NAME_LABEL}=${name}${seen.pods.length ? `; not ready: ${seen.pods.map((p) => p.name).join(", ")}` : ""})`;
  return null;
}

type Condition = { type: string; status: string; reason: string; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A condition from a Gateway's status (Gateway API's `status.conditions`). */
export function gatewayCondition(status: unknown, type: string): Condition | null {
  const conditions = isRecord(status) && Array.isArray(status.conditions) ? status.conditions : [];
  const c = (conditions as unknown[]).find((x) => isRecord(x) && x.type === type);
  if (!isRecord(c)) return null;
  const s = (v: unknown) => (typeof v === "string" ? v : "");
  return { type, status: s(c.status), reason: s(c.reason), message: s(c.message) };
}
