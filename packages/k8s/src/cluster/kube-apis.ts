import {
  ApiException,
  ApisApi,
  AppsV1Api,
  AuthorizationV1Api,
  CoreV1Api,
  KubernetesObjectApi,
  Metrics,
  VersionApi,
} from "@kubernetes/client-node";
import { describeOutboundError } from "@meshbench/outbound";
import { type ClusterConnection, connectionInternals } from "./open-cluster";

/** client-node's generic object client, plus whether a kind is namespaced (its discovery). */
class BundleClient extends KubernetesObjectApi {
  async isNamespaced(apiVersion: string, kind: string): Promise<boolean | null> {
    // Discovery throws for an API group the cluster does not serve at all.
    const resource = await this.resource(apiVersion, kind).catch(() => undefined);
    return resource ? resource.namespaced : null;
  }
}

/**
 * The typed clients the adapter uses, built once from the connection it was given (client-node's
 * types stay inside `k8s`: nothing typed with them is exported from the package).
 */
export function createKubeApis(connection: ClusterConnection) {
  const kc = connectionInternals(connection).kubeConfig;
  return {
    core: kc.makeApiClient(CoreV1Api),
    apps: kc.makeApiClient(AppsV1Api),
    authz: kc.makeApiClient(AuthorizationV1Api),
    version: kc.makeApiClient(VersionApi),
    apis: kc.makeApiClient(ApisApi),
    metrics: new Metrics(kc),
    /** Any kind the cluster serves (bundles, variant manifests), by server-side apply. */
    objects: kc.makeApiClient(BundleClient),
    /** This connection's error wording (see describeKubeError). */
    describe: (error: unknown) => describeKubeError(error, connection.verified),
  };
}
export type KubeApis = ReturnType<typeof createKubeApis>;

export function statusCode(error: unknown): number | null {
  if (error instanceof ApiException) return error.code;
  return null;
}

const MAX_REASON = 300;

/** A Kubernetes `Status` object's message, if the body is one (JSON text or already parsed). */
function statusMessage(body: unknown): string | null {
  let value = body;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  const s = value as { kind?: unknown; apiVersion?: unknown; message?: unknown };
  if (!s || s.kind !== "Status" || s.apiVersion !== "v1" || typeof s.message !== "string")
    return null;
  // Printable text only, capped: a reason, not a channel.
  const clean = s.message.replace(/[^\x20-\x7e]/g, " ").trim();
  return clean.length > MAX_REASON ? `${clean.slice(0, MAX_REASON)}…` : clean;
}

/**
 * A message safe to store and show. Users need the apiserver's own reason ("forbidden: cannot
 * create deployments") to fix RBAC or manifests, so the structured, length-capped `Status`
 * message of a **TLS-verified** Kubernetes API server is kept; anything else — an unverified
 * server, a body that is not a Status, a proxied pod's answer, a network error — becomes a
 * category ("HTTP 403", "unreachable", "TLS failed") and never echoes what was said.
 */
export function describeKubeError(error: unknown, verified: boolean): string {
  if (error instanceof ApiException) {
    const reason = verified ? statusMessage(error.body) : null;
    return `apiserver answered HTTP ${error.code}${reason ? `: ${reason}` : ""}`;
  }
  return describeOutboundError(error);
}
