import {
  ApiException,
  ApisApi,
  AppsV1Api,
  AuthorizationV1Api,
  BatchV1Api,
  CoreV1Api,
  Metrics,
  VersionApi,
} from "@kubernetes/client-node";
import { describeOutboundError } from "@meshbench/outbound";
import { type ClusterConnection, connectionInternals } from "./open-cluster";

/** The typed clients the adapter uses, built once from the connection it was given. */
export function createKubeApis(connection: ClusterConnection) {
  const kc = connectionInternals(connection).kubeConfig;
  return {
    core: kc.makeApiClient(CoreV1Api),
    apps: kc.makeApiClient(AppsV1Api),
    batch: kc.makeApiClient(BatchV1Api),
    authz: kc.makeApiClient(AuthorizationV1Api),
    version: kc.makeApiClient(VersionApi),
    apis: kc.makeApiClient(ApisApi),
    metrics: new Metrics(kc),
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
