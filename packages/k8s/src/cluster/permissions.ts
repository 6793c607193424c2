/** Every permission the scheduler uses on a target cluster, with the reason (shown when missing). */
type RequiredPermission = {
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  purpose: string;
};

const ns = (verb: string, purpose: string): RequiredPermission => ({
  verb,
  group: "",
  resource: "namespaces",
  purpose,
});

export const REQUIRED_PERMISSIONS: RequiredPermission[] = [
  ns("create", "create one namespace per variant"),
  ns("get", "check a variant namespace"),
  ns("list", "find leftovers of crashed runs"),
  ns("delete", "clean up after a run"),
  { verb: "list", group: "", resource: "nodes", purpose: "node inventory and placement" },
  {
    verb: "get",
    group: "",
    resource: "nodes",
    subresource: "proxy",
    purpose: "read kubelet resource metrics",
  },
  { verb: "create", group: "apps", resource: "deployments", purpose: "deploy the echo target" },
  {
    verb: "get",
    group: "apps",
    resource: "deployments",
    purpose: "wait for the target and detect meshes",
  },
  {
    verb: "list",
    group: "apps",
    resource: "deployments",
    purpose: "detect istiod / linkerd control planes",
  },
  {
    verb: "list",
    group: "apps",
    resource: "daemonsets",
    purpose: "detect ztunnel, istio-cni, cilium, kmesh",
  },
  { verb: "create", group: "", resource: "services", purpose: "expose the echo target" },
  { verb: "list", group: "", resource: "pods", purpose: "verify the mesh took effect" },
  {
    verb: "get",
    group: "",
    resource: "pods",
    subresource: "proxy",
    purpose: "read the Fortio load generator's REST API (status, result, stop)",
  },
  {
    verb: "create",
    group: "",
    resource: "pods",
    subresource: "proxy",
    purpose: "start Fortio runs (a POST: the run's options and request headers in its body)",
  },
  {
    verb: "create",
    group: "",
    resource: "pods",
    purpose:
      "start a trial's measurement pods in the run's namespaces (benchmarks with methodology.rateSeries only)",
  },
  {
    verb: "delete",
    group: "",
    resource: "pods",
    purpose: "remove a trial's measurement pods once read (methodology.rateSeries only)",
  },
  {
    verb: "list",
    group: "metrics.k8s.io",
    resource: "pods",
    purpose: "sample proxy CPU/memory (optional)",
  },
];

export function describePermission(p: RequiredPermission) {
  const group = p.group === "" ? "" : `${p.group}/`;
  const sub = p.subresource ? `/${p.subresource}` : "";
  return `${p.verb} ${group}${p.resource}${sub}: ${p.purpose}`;
}
