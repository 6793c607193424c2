import {
  ApiException,
  ApisApi,
  AppsV1Api,
  AuthorizationV1Api,
  BatchV1Api,
  CoreV1Api,
  type KubeConfig,
  Metrics,
  VersionApi,
} from "@kubernetes/client-node";

/** The typed clients the adapter uses, built once from the KubeConfig it was given. */
export function createKubeApis(kc: KubeConfig) {
  return {
    core: kc.makeApiClient(CoreV1Api),
    apps: kc.makeApiClient(AppsV1Api),
    batch: kc.makeApiClient(BatchV1Api),
    authz: kc.makeApiClient(AuthorizationV1Api),
    version: kc.makeApiClient(VersionApi),
    apis: kc.makeApiClient(ApisApi),
    metrics: new Metrics(kc),
  };
}
export type KubeApis = ReturnType<typeof createKubeApis>;

export function statusCode(error: unknown): number | null {
  if (error instanceof ApiException) return error.code;
  return null;
}

/** A message safe to store and show: status and reason, never request details or credentials. */
export function describeKubeError(error: unknown): string {
  if (error instanceof ApiException) {
    const body = error.body as unknown;
    let reason = "";
    if (typeof body === "string") {
      try {
        reason = (JSON.parse(body) as { message?: string }).message ?? "";
      } catch {
        reason = body.slice(0, 200);
      }
    } else if (body && typeof body === "object" && "message" in body) reason = String(body.message);
    return `apiserver answered ${error.code}${reason ? `: ${reason}` : ""}`;
  }
  const e = error as { code?: string; message?: string };
  if (e?.code === "ECONNREFUSED") return "connection refused";
  if (e?.code === "ENOTFOUND") return "host not found";
  return e?.message?.split("\n")[0]?.slice(0, 200) ?? "unknown error";
}
