import { ZReportRole } from "@meshbench/contracts";

/** Roles a report books cost under: the stored roles plus "gateway" (a proxy outside the data plane). */
export const REPORT_ROLES = ZReportRole.options;
export type ReportRole = (typeof REPORT_ROLES)[number];

/** `proxy=envoy,app=server` → {envoy: "proxy", server: "app"} (unknown roles ignored). */
export function parseContainerRoles(annotation: string | undefined): Map<string, ReportRole> {
  const out = new Map<string, ReportRole>();
  for (const part of (annotation ?? "").split(",")) {
    const [role, container] = part.split("=").map((x) => x.trim());
    if (role && container && (REPORT_ROLES as readonly string[]).includes(role))
      out.set(container, role as ReportRole);
  }
  return out;
}

/**
 * A stored sample's role as the report books it. The sampler already classified it, but without
 * knowing the variant's data-plane namespaces: a "proxy" outside them (a gateway) moves out of
 * sidecar cost. Other roles stand as stored (an annotation may have named them).
 */
export function reportRoleOf(
  stored: string,
  namespace: string | null,
  dataPlaneNamespaces: readonly string[],
): ReportRole {
  if (stored === "proxy" && namespace !== null && !dataPlaneNamespaces.includes(namespace))
    return "gateway";
  return (REPORT_ROLES as readonly string[]).includes(stored) ? (stored as ReportRole) : "app";
}
