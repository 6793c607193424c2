import {
  PATH_HOPS,
  type TMeshKind,
  type TMethodology,
  type TPathHop,
  type TPathProxy,
  type TTopology,
  type TVariant,
} from "@meshbench/contracts";

type VariantPath = Pick<TVariant, "mesh" | "waypoint" | "topology">;

/**
 * A variant's path as the write-ups measured it, unless the variant declares its own: with the
 * client in the mesh, the client's proxy, the waypoint (when the variant has one) and the
 * server's proxy, with mTLS; with the client outside, only the server's proxy and no mTLS. In
 * ambient (and Kmesh) the *source* ztunnel sends traffic to the waypoint, so a client outside the
 * mesh bypasses the waypoint entirely. No mesh: no proxies.
 */
export function resolveTopology(
  variant: VariantPath,
  methodology: Pick<TMethodology, "loadGeneratorInMesh">,
): TTopology {
  if (variant.topology) return variant.topology;
  const client = methodology.loadGeneratorInMesh ? "in-mesh" : "outside";
  if (variant.mesh === "baseline") return { client, hops: [], mtls: false };
  if (client === "outside") return { client, hops: ["server-proxy"], mtls: false };
  const hops: TPathHop[] = ["client-proxy"];
  if (variant.waypoint) hops.push("waypoint");
  hops.push("server-proxy");
  // Cilium encrypts (WireGuard/IPsec) below the proxies, not with mutual TLS between workloads.
  return { client, hops, mtls: variant.mesh !== "cilium" };
}

/** Whether the variant's load generator joins the mesh (its declared client placement). */
export function clientInMesh(
  variant: VariantPath,
  methodology: Pick<TMethodology, "loadGeneratorInMesh">,
): boolean {
  return resolveTopology(variant, methodology).client === "in-mesh";
}

/** The component that plays a hop in this mesh kind. */
export function hopProxy(mesh: TMeshKind, hop: TPathHop): TPathProxy {
  if (hop === "waypoint") return "waypoint";
  switch (mesh) {
    case "istio-sidecar":
      return "istio-sidecar";
    case "istio-ambient":
      return "ztunnel";
    case "linkerd":
      return "linkerd-proxy";
    case "kmesh":
      return "kmesh";
    case "cilium":
      return "cilium";
    case "baseline":
    case "custom":
      return "custom";
  }
}

/**
 * Components whose own counters the path check reads, and for the others why not: these meshes
 * are "path unchecked" (stated per variant on the run page; README names them).
 */
export const PATH_UNCHECKED_REASONS: Partial<Record<TPathProxy, string>> = {
  kmesh:
    "Kmesh's daemon exposes its per-workload connection counters only once its monitoring is switched on (kmeshctl), which Meshbench does not do on a tenant's cluster",
  cilium:
    "Cilium's per-flow signal is Hubble, not a per-workload counter Meshbench reads through the apiserver",
  custom: "a custom mesh has no counters Meshbench knows how to read",
};

/** Whether Meshbench reads this component's counters after each trial. */
export const isPathChecked = (proxy: TPathProxy) => PATH_UNCHECKED_REASONS[proxy] === undefined;

const PROXY_WORDS: Record<TPathProxy, string> = {
  "istio-sidecar": "Istio sidecar",
  ztunnel: "ztunnel",
  waypoint: "waypoint",
  "linkerd-proxy": "Linkerd proxy",
  kmesh: "Kmesh daemon",
  cilium: "Cilium",
  custom: "the custom mesh's proxy",
};

const HOP_PLACE: Record<TPathHop, string> = {
  "client-proxy": "client side",
  waypoint: "between",
  "server-proxy": "server side",
};

/** "ztunnel (client side)". */
export function describeHop(mesh: TMeshKind, hop: TPathHop): string {
  const proxy = hopProxy(mesh, hop);
  return hop === "waypoint" ? PROXY_WORDS[proxy] : `${PROXY_WORDS[proxy]} (${HOP_PLACE[hop]})`;
}

/**
 * The declared path in words, e.g. "client in the mesh → ztunnel (client side) → ztunnel
 * (server side) → target; mTLS expected".
 */
export function describeTopology(mesh: TMeshKind, t: TTopology): string {
  // A variant without a mesh has no mesh for its client to be in or out of.
  const client =
    mesh === "baseline"
      ? "client (no mesh)"
      : t.client === "in-mesh"
        ? "client in the mesh"
        : "client outside the mesh";
  const hops = PATH_HOPS.filter((h) => t.hops.includes(h)).map((h) => describeHop(mesh, h));
  const path = [client, ...(hops.length ? hops : ["no proxy"]), "target"].join(" → ");
  return `${path}; ${t.mtls ? "mTLS expected" : "no mTLS expected"}`;
}
