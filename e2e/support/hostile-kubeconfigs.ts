/**
 * Kubeconfigs an attacker sends (issue 20), shared by the untrusted-clusters spec and the schema
 * fuzzing's examples, with the key each refusal names.
 */
export const kubeconfig = (
  server: string,
  user: Record<string, unknown>,
  cluster: Record<string, unknown> = {},
) =>
  JSON.stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: [{ name: "c", cluster: { server, "insecure-skip-tls-verify": true, ...cluster } }],
    users: [{ name: "u", user }],
    contexts: [{ name: "x", context: { cluster: "c", user: "u" } }],
    "current-context": "x",
  });

/**
 * Every hostile kubeconfig issue 20 lists, and the key its refusal must name: exec plugins and
 * auth providers that would run `sh` (writing `marker`), file paths that would read /etc/passwd,
 * proxies and servers that would reach the listener on `internalPort`. What ran, was read or was
 * reached shows in the marker file, the answers and the listener: each must stay empty.
 */
export function hostileKubeconfigs(
  marker: string,
  port: () => number,
): [string, () => string, string][] {
  const shell = `id > ${marker}; echo LEAK >&2; exit 1`;
  const local = () => `https://api.example.test:${port()}`;
  return [
    [
      "exec plugin",
      () => kubeconfig(local(), { exec: { command: "sh", args: ["-c", shell] } }),
      "users[0].user.exec",
    ],
    [
      "gcp provider",
      () =>
        kubeconfig(local(), {
          "auth-provider": {
            name: "gcp",
            config: { "cmd-path": "sh", "cmd-args": `-c "${shell}"` },
          },
        }),
      "users[0].user.auth-provider",
    ],
    [
      "azure provider",
      () =>
        kubeconfig(local(), { "auth-provider": { name: "azure", config: { "cmd-path": "sh" } } }),
      "users[0].user.auth-provider",
    ],
    [
      "oidc provider",
      () =>
        kubeconfig(local(), {
          "auth-provider": {
            name: "oidc",
            config: { "idp-issuer-url": `http://127.0.0.1:${port()}` },
          },
        }),
      "users[0].user.auth-provider",
    ],
    [
      "tokenFile provider",
      () =>
        kubeconfig(local(), {
          "auth-provider": { name: "tokenFile", config: { tokenFile: "/etc/passwd" } },
        }),
      "users[0].user.auth-provider",
    ],
    [
      "token-file /etc/passwd",
      () => kubeconfig(local(), { "token-file": "/etc/passwd" }),
      "users[0].user.token-file",
    ],
    [
      "client-certificate path",
      () =>
        kubeconfig(local(), {
          "client-certificate": "/etc/hostname",
          "client-key": "/etc/hostname",
        }),
      "users[0].user.client-certificate",
    ],
    [
      "certificate-authority path",
      () => kubeconfig(local(), { token: "t" }, { "certificate-authority": "/etc/passwd" }),
      "clusters[0].cluster.certificate-authority",
    ],
    [
      "socks5 proxy-url",
      () => kubeconfig(local(), { token: "t" }, { "proxy-url": `socks5://127.0.0.1:${port()}` }),
      "clusters[0].cluster.proxy-url",
    ],
    [
      "http proxy-url",
      () => kubeconfig(local(), { token: "t" }, { "proxy-url": `http://127.0.0.1:${port()}` }),
      "clusters[0].cluster.proxy-url",
    ],
    [
      "file: server",
      () => kubeconfig("file:///etc/passwd", { token: "t" }),
      "clusters[0].cluster.server",
    ],
    [
      "gopher: server",
      () => kubeconfig(`gopher://127.0.0.1:${port()}/`, { token: "t" }),
      "clusters[0].cluster.server",
    ],
  ];
}
