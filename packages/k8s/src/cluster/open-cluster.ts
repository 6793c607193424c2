import { readFileSync } from "node:fs";
import { KubeConfig, type RequestContext } from "@kubernetes/client-node";
import { DomainError } from "@meshbench/contracts";
import { createOutboundAgent, type OutboundPolicy, type Resolver } from "@meshbench/outbound";
import type { Dispatcher } from "undici";
import { contextCredentials, type CheckedKubeconfig, selectContext } from "./kubeconfig";

/**
 * The operator's in-cluster setting: Meshbench runs inside the cluster it benchmarks, with its
 * pod's service account. Off unless the deployment enables it for named workspaces.
 */
export type InClusterAccess = {
  workspaceIds: readonly string[];
  /** `KUBERNETES_SERVICE_HOST`/`_PORT` as the app read them; null outside a cluster. */
  serviceHost: string | null;
  servicePort: string | null;
  /** The mounted service account (default /var/run/secrets/kubernetes.io/serviceaccount). */
  serviceAccountDir?: string;
};

export type ClusterCredentials =
  | { mode: "kubeconfig"; kubeconfig: CheckedKubeconfig; context: string | null }
  | { mode: "in_cluster"; access: InClusterAccess | null; workspaceId: string };

export type OpenClusterOptions = { policy: OutboundPolicy; resolver?: Resolver };

type Internals = {
  kubeConfig: KubeConfig;
  /** The address policy this connection obeys (tenant URLs such as Prometheus use it too). */
  policy: OutboundPolicy;
  /** For our own requests (the pod proxy): the policy's dispatcher and the auth headers. */
  dispatcher: Dispatcher;
  headers: () => Record<string, string>;
};
const internals = new WeakMap<ClusterConnection, Internals>();

/**
 * A connection to one cluster: where it is and whether its identity is verified (TLS with a
 * checked certificate). Opaque outside this package — client-node's objects never leave `k8s`
 * (they sit in a module-private map, not on the object).
 */
export class ClusterConnection {
  constructor(
    readonly server: string,
    readonly verified: boolean,
    readonly context: string | null,
    auth: {
      dispatcher: Dispatcher;
      headers: () => Record<string, string>;
      policy: OutboundPolicy;
    },
  ) {
    const kubeConfig = new CheckedKubeConfig(auth.dispatcher, auth.headers);
    kubeConfig.loadFromOptions({
      clusters: [{ name: "cluster", server, skipTLSVerify: !verified }],
      users: [{ name: "user" }],
      contexts: [{ name: "context", cluster: "cluster", user: "user" }],
      currentContext: "context",
    });
    internals.set(this, { kubeConfig, ...auth });
  }
}

/** The client-node config and transport behind a connection (inside `k8s` only). */
export function connectionInternals(connection: ClusterConnection): Internals {
  const found = internals.get(connection);
  if (!found) throw new Error("not a connection made by openCluster");
  return found;
}

/**
 * client-node's KubeConfig with its authentication replaced: the credentials are ours (checked
 * data, never a plugin, provider or file), and every request goes through the outbound policy's
 * dispatcher. client-node never sees a credential field, so none of its authenticators can act.
 */
class CheckedKubeConfig extends KubeConfig {
  constructor(
    private readonly policyDispatcher: Dispatcher,
    private readonly headers: () => Record<string, string>,
  ) {
    super();
  }

  override applySecurityAuthentication(context: RequestContext): Promise<void> {
    for (const [key, value] of Object.entries(this.headers())) context.setHeaderParam(key, value);
    context.setDispatcher(this.policyDispatcher);
    return Promise.resolve();
  }

  /** client-node's websocket/https.Agent path (exec, attach, port-forward): not used, not allowed. */
  override applyToHTTPSOptions(): Promise<void> {
    return Promise.reject(new Error("websocket connections are not supported"));
  }
}

const fromBase64 = (data: string | null) => (data ? Buffer.from(data, "base64") : undefined);

function kubeconfigConnection(
  kubeconfig: CheckedKubeconfig,
  requested: string | null,
  options: OpenClusterOptions,
) {
  const name = selectContext(kubeconfig, requested);
  const { cluster, user } = contextCredentials(kubeconfig, name);
  const verified = cluster.server.startsWith("https:") && !cluster.insecureSkipTlsVerify;
  const dispatcher = createOutboundAgent(options.policy, {
    resolver: options.resolver,
    tls: {
      ca: fromBase64(cluster.caData),
      cert: fromBase64(user.clientCertificateData),
      key: fromBase64(user.clientKeyData),
      rejectUnauthorized: !cluster.insecureSkipTlsVerify,
      ...(cluster.tlsServerName ? { servername: cluster.tlsServerName } : {}),
    },
  });
  const headers: Record<string, string> = {};
  if (user.token) headers.Authorization = `Bearer ${user.token}`;
  else if (user.username !== null)
    headers.Authorization = `Basic ${Buffer.from(`${user.username}:${user.password ?? ""}`).toString("base64")}`;
  return new ClusterConnection(cluster.server, verified, name, {
    dispatcher,
    headers: () => headers,
    policy: options.policy,
  });
}

const SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";

/**
 * The operator's own service account. Exempt from the tenant address policy (the operator
 * enabled it, and the API server is a private in-cluster address), but never loopback-only
 * assumptions: link-local and metadata stay refused.
 */
function inClusterConnection(access: InClusterAccess | null, workspaceId: string) {
  if (!access || !access.workspaceIds.includes(workspaceId))
    throw new DomainError(
      "FORBIDDEN",
      "In-cluster mode is not enabled for this workspace (an operator setting: MESHBENCH_IN_CLUSTER_WORKSPACES)",
      "auth.mode",
    );
  const dir = access.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  let ca: Buffer;
  try {
    ca = readFileSync(`${dir}/ca.crt`);
    readFileSync(`${dir}/token`);
  } catch {
    ca = Buffer.alloc(0);
  }
  if (!access.serviceHost || !access.servicePort || ca.length === 0)
    throw new DomainError(
      "PRECONDITION_FAILED",
      "Not running inside a cluster: no service account is mounted and KUBERNETES_SERVICE_HOST is not set",
      "auth.mode",
    );
  const host = access.serviceHost.includes(":") ? `[${access.serviceHost}]` : access.serviceHost;
  const policy: OutboundPolicy = { mode: "local", allow: [] };
  const dispatcher = createOutboundAgent(policy, { tls: { ca, rejectUnauthorized: true } });
  // Projected service-account tokens rotate: read the file for each request, like client-go.
  const headers = () => ({
    Authorization: `Bearer ${readFileSync(`${dir}/token`, "utf8").trim()}`,
  });
  return new ClusterConnection(`https://${host}:${access.servicePort}`, true, null, {
    dispatcher,
    headers,
    policy,
  });
}

/**
 * The one way a cluster is opened: checked kubeconfig data (or the operator-enabled in-cluster
 * service account) → a connection whose every request obeys the outbound address policy.
 */
export function openCluster(
  credentials: ClusterCredentials,
  options: OpenClusterOptions,
): ClusterConnection {
  return credentials.mode === "kubeconfig"
    ? kubeconfigConnection(credentials.kubeconfig, credentials.context, options)
    : inClusterConnection(credentials.access, credentials.workspaceId);
}
