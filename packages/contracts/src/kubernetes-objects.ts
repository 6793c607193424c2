/**
 * The names Meshbench gives what it creates in a cluster, shared by the manifests (k8s), the
 * templates' extra manifests (core), the sweeper and the test clusters.
 */

/** Labels on every object a run creates, so cleanup and the sweeper can find it. */
export const KUBERNETES_LABELS = {
  managedBy: "app.kubernetes.io/managed-by",
  run: "meshbench.io/run",
  variant: "meshbench.io/variant",
  component: "meshbench.io/component",
  trial: "meshbench.io/trial",
} as const;

/** The value of `app.kubernetes.io/managed-by` on everything a run creates. */
export const MANAGED_BY = "meshbench";

/** Values of the component label: the pods under test, and the load generator's. */
export const COMPONENTS = { target: "target", loadGenerator: "load-generator" } as const;

/** The built-in echo target's Deployment and Service (host-scoped Istio objects name it). */
export const TARGET_NAME = "echo";

/** Fortio's ports: HTTP (the echo server and the REST API), gRPC ping, and TCP echo. */
export const FORTIO_PORTS = { http: 8080, grpc: 8079, tcp: 8078 } as const;
