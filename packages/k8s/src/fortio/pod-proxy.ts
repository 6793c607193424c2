import { request } from "undici";
import { type ClusterConnection, connectionInternals } from "../cluster/open-cluster";

export type ProxyAnswer = { status: number; body: string };
/** One call through the pod proxy: a GET, or a POST with a JSON body. */
export type ProxyRequest = { path: string; json?: unknown };

/**
 * A request through the apiserver's pod proxy with the connection's credentials and address
 * policy. client-node's generated `connectGetNamespacedPodProxyWithPath` percent-encodes the
 * slashes of the path and cannot carry a query string or a body, which Fortio's REST API needs,
 * so this one small request is ours. A `json` body makes it a POST (the apiserver asks for
 * `create` on pods/proxy). The answer is bounded by the connection's response cap.
 */
export async function proxyRequest(
  connection: ClusterConnection,
  call: ProxyRequest,
  timeoutMs: number,
): Promise<ProxyAnswer> {
  const { dispatcher, headers } = connectionInternals(connection);
  const url = new URL(call.path.replace(/^\//, ""), `${connection.server}/`);
  const post = call.json !== undefined;
  const res = await request(url, {
    method: post ? "POST" : "GET",
    dispatcher,
    headers: post ? { ...headers(), "content-type": "application/json" } : headers(),
    body: post ? JSON.stringify(call.json) : undefined,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.statusCode, body: await res.body.text() };
}
