/** Raw GETs through the apiserver (pod and node proxy paths) with the kubeconfig's credentials. */
import { request } from "node:https";
import type { RequestOptions } from "node:https";
import type { KubeConfig } from "@kubernetes/client-node";

export async function apiGet(
  kc: KubeConfig,
  pathname: string,
): Promise<{ status: number; body: string }> {
  const server = kc.getCurrentCluster()?.server;
  if (!server) throw new Error("kubeconfig has no current cluster");
  const options: RequestOptions = {};
  await kc.applyToHTTPSOptions(options);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(pathname, server),
      { ...options, method: "GET", timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error(`GET ${pathname}: timeout`)));
    req.end();
  });
}
