/**
 * client-node configs for the test harness itself, acting as the test cluster's administrator
 * with credentials the harness generated (never a tenant's kubeconfig: those go through
 * `@meshbench/k8s` checkKubeconfig/openCluster, the product's one way in). Built from the inline
 * data of the harness's own kubeconfig text with `loadFromOptions`; no plugins, files or proxies.
 */
import { KubeConfig } from "@kubernetes/client-node";
import { parse } from "yaml";

type Doc = {
  clusters: { name: string; cluster: { server: string; "certificate-authority-data"?: string } }[];
  users: {
    name: string;
    user: { "client-certificate-data"?: string; "client-key-data"?: string; token?: string };
  }[];
  contexts: { name: string; context: { cluster: string; user: string } }[];
  "current-context": string;
};

export function harnessKubeConfig(text: string): KubeConfig {
  const doc = parse(text) as Doc;
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: doc.clusters.map((c) => ({
      name: c.name,
      server: c.cluster.server,
      caData: c.cluster["certificate-authority-data"],
      skipTLSVerify: false,
    })),
    users: doc.users.map((u) => ({
      name: u.name,
      certData: u.user["client-certificate-data"],
      keyData: u.user["client-key-data"],
      token: u.user.token,
    })),
    contexts: doc.contexts.map((c) => ({ name: c.name, ...c.context })),
    currentContext: doc["current-context"],
  });
  return kc;
}
