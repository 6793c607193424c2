import { stringify } from "yaml";

/** What a kubeconfig for Meshbench may carry: data only, no plugin, no file path, no proxy. */
export type InlineCredentials = {
  /** Cluster (and context) name inside the kubeconfig. */
  name: string;
  server: string;
  /** Base64 PEM of the CA that signs the apiserver's certificate. */
  certificateAuthorityData: string;
  tlsServerName?: string;
  /** The service account's long-lived token. */
  token: string;
};

/** One cluster, one user with an inline bearer token, one context: the shape Meshbench accepts. */
export function inlineKubeconfig(c: InlineCredentials): { text: string; context: string } {
  const context = `meshbench@${c.name}`;
  const text = stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: [
      {
        name: c.name,
        cluster: {
          server: c.server,
          "certificate-authority-data": c.certificateAuthorityData,
          ...(c.tlsServerName ? { "tls-server-name": c.tlsServerName } : {}),
        },
      },
    ],
    users: [{ name: "meshbench", user: { token: c.token } }],
    contexts: [{ name: context, context: { cluster: c.name, user: "meshbench" } }],
    "current-context": context,
  });
  return { text, context };
}
