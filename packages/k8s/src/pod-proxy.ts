import { request as httpRequest } from "node:http";
import { request as httpsRequest, type RequestOptions } from "node:https";
import type { KubeConfig } from "@kubernetes/client-node";

export type ProxyAnswer = { status: number; body: string };

/**
 * A GET through the apiserver's pod proxy with the kubeconfig's credentials. client-node's
 * generated `connectGetNamespacedPodProxyWithPath` percent-encodes the slashes of the path and
 * cannot carry a query string, which Fortio's REST API needs, so this one small request is ours.
 */
export async function proxyGet(
  kc: KubeConfig,
  pathname: string,
  timeoutMs: number,
): Promise<ProxyAnswer> {
  const server = kc.getCurrentCluster()?.server;
  if (!server) throw new Error("kubeconfig has no current cluster");
  const url = new URL(pathname, server);
  const options: RequestOptions = {};
  await kc.applyToHTTPSOptions(options);
  const request = url.protocol === "http:" ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { ...options, method: "GET", timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error(`pod proxy: no answer in ${timeoutMs} ms`)));
    req.end();
  });
}
