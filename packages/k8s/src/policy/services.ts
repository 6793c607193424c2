import { asList, type Obj, quote } from "./shapes";

/**
 * Services stay inside the cluster: ClusterIP only (headless included). NodePort and LoadBalancer
 * open ports on every node or outside the cluster; ExternalName aliases any DNS name, which
 * gateways and ingress controllers with cluster-wide rights then follow (CVE-2021-25740);
 * `externalIPs` take over traffic to any address (CVE-2020-8554). A benchmark's load comes from
 * inside the namespace and needs none of them.
 */
export function serviceSpecProblems(spec: Obj): string[] {
  const out: string[] = [];
  const type = spec.type ?? "ClusterIP";
  if (type !== "ClusterIP")
    out.push(
      `type ${quote(type)}: a benchmark's Services are ClusterIP (NodePort/LoadBalancer expose it outside the namespace, ExternalName aliases any name); leave type out`,
    );
  if (asList(spec.externalIPs).length)
    out.push("externalIPs: they capture traffic to any address cluster-wide; leave them out");
  if (spec.externalName !== undefined && type === "ClusterIP")
    out.push("externalName: a benchmark's Services select pods; leave it out");
  return out;
}
