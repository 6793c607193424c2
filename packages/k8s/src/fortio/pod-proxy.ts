import { request } from "undici";
import { type ClusterConnection, connectionInternals } from "../cluster/open-cluster";

export type ProxyAnswer = { status: number; body: string };

/**
 * A GET through the apiserver's pod proxy with the connection's credentials and address policy.
 * client-node's generated `connectGetNamespacedPodProxyWithPath` percent-encodes the slashes of
 * the path and cannot carry a query string, which Fortio's REST API needs, so this one small
 * request is ours. The body is bounded by the connection's response cap.
 */
export async function proxyGet(
  connection: ClusterConnection,
  pathname: string,
  timeoutMs: number,
): Promise<ProxyAnswer> {
  const { dispatcher, headers } = connectionInternals(connection);
  const url = new URL(pathname.replace(/^\//, ""), `${connection.server}/`);
  const res = await request(url, {
    method: "GET",
    dispatcher,
    headers: headers(),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  });
  return { status: res.statusCode, body: await res.body.text() };
}
