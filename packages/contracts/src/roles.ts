import { z } from "zod";

/**
 * Which part of the system a sampled container is; its cost is booked under this role (stored
 * with each sample, shown by the report). One list: core's role rule (`containerRole`) decides.
 * - `proxy`: a sidecar proxy in the variant's own namespaces (Envoy, linkerd-proxy, Consul's,
 *   Kuma's);
 * - `ztunnel`: Istio ambient's node proxy, wherever its DaemonSet runs;
 * - `data_plane`: another node-level data plane (Kmesh's daemon, Cilium's agent and Envoy,
 *   istio-cni's node agent);
 * - `waypoint`: an ambient/Kmesh waypoint;
 * - `gateway`: a proxy outside the variant's data plane (an ingress/egress gateway);
 * - `control_plane`: istiod, Linkerd's control plane (its proxies included), Consul's, Kuma's,
 *   Cilium's operator;
 * - `app`, `load_generator`: the benchmark's own pods.
 */
export const ZResourceRole = z.enum([
  "proxy",
  "ztunnel",
  "data_plane",
  "waypoint",
  "gateway",
  "control_plane",
  "app",
  "load_generator",
]);
export type TResourceRole = z.infer<typeof ZResourceRole>;
