import { DomainError } from "@meshbench/contracts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkKubeconfig, listContexts, selectContext } from "./kubeconfig";

type Doc = Record<string, unknown> & {
  clusters: { name: string; cluster: Record<string, unknown> }[];
  users: { name: string; user: Record<string, unknown> }[];
  contexts: { name: string; context: Record<string, unknown> }[];
};

const good = (): Doc => ({
  apiVersion: "v1",
  kind: "Config",
  preferences: {},
  clusters: [
    {
      name: "prod",
      cluster: { server: "https://api.example.test:6443", "certificate-authority-data": "Q0E=" },
    },
  ],
  users: [{ name: "sa", user: { token: "secret-token-value" } }],
  contexts: [{ name: "ctx", context: { cluster: "prod", user: "sa", namespace: "default" } }],
  "current-context": "ctx",
});

/** The DomainError a check throws (or fails the test). */
function refusal(doc: unknown): DomainError {
  try {
    checkKubeconfig(typeof doc === "string" ? doc : JSON.stringify(doc));
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("accepted");
}

describe("checkKubeconfig", () => {
  it("keeps inline data only and lists contexts with their servers", () => {
    const kc = checkKubeconfig(JSON.stringify(good()));
    expect(kc.users[0]).toEqual({
      name: "sa",
      token: "secret-token-value",
      clientCertificateData: null,
      clientKeyData: null,
      username: null,
      password: null,
    });
    expect(listContexts(kc)).toEqual({
      contexts: [
        { name: "ctx", cluster: "prod", user: "sa", server: "https://api.example.test:6443" },
      ],
      currentContext: "ctx",
    });
    expect(selectContext(kc, null)).toBe("ctx");
  });

  it("accepts what kubectl, kind and minikube write (extensions are ignored data)", () => {
    const doc = good();
    doc.clusters[0]!.cluster.extensions = [{ name: "cluster_info", extension: { provider: "x" } }];
    doc.contexts[0]!.context.extensions = [];
    doc.clusters[0]!.cluster["tls-server-name"] = "kubernetes";
    expect(checkKubeconfig(JSON.stringify(doc)).clusters[0]!.tlsServerName).toBe("kubernetes");
  });

  // Each hostile shape is refused with a 400 naming the key — and never echoing a value.
  const hostile: [string, (d: Doc) => void, RegExp][] = [
    [
      "an exec plugin",
      (d) =>
        (d.users[0]!.user.exec = {
          command: "sh",
          args: ["-c", "id > /tmp/x; echo LEAK >&2; exit 1"],
          apiVersion: "client.authentication.k8s.io/v1",
        }),
      /users\[0\]\.user\.exec: exec credential plugins would run a command/,
    ],
    [
      "a gcp auth-provider with cmd-path",
      (d) =>
        (d.users[0]!.user["auth-provider"] = {
          name: "gcp",
          config: { "cmd-path": "/bin/sh", "cmd-args": "-c id" },
        }),
      /users\[0\]\.user\.auth-provider: auth providers/,
    ],
    [
      "client-node's tokenFile provider",
      (d) =>
        (d.users[0]!.user["auth-provider"] = {
          name: "tokenFile",
          config: { tokenFile: "/etc/passwd" },
        }),
      /auth-provider/,
    ],
    [
      "the oidc provider",
      (d) =>
        (d.users[0]!.user["auth-provider"] = {
          name: "oidc",
          config: { "idp-issuer-url": "http://169.254.169.254/" },
        }),
      /auth-provider/,
    ],
    [
      "a token-file",
      (d) => (d.users[0]!.user["token-file"] = "/etc/passwd"),
      /token-file: token files are not read/,
    ],
    ["tokenFile", (d) => (d.users[0]!.user.tokenFile = "/etc/passwd"), /tokenFile/],
    [
      "a client-certificate path",
      (d) => (d.users[0]!.user["client-certificate"] = "/etc/ssl/private/x.pem"),
      /client-certificate: file paths are not read/,
    ],
    ["a client-key path", (d) => (d.users[0]!.user["client-key"] = "/etc/shadow"), /client-key/],
    [
      "a certificate-authority path",
      (d) => (d.clusters[0]!.cluster["certificate-authority"] = "/etc/hostname"),
      /clusters\[0\]\.cluster\.certificate-authority: file paths are not read/,
    ],
    [
      "a socks5 proxy-url",
      (d) => (d.clusters[0]!.cluster["proxy-url"] = "socks5://127.0.0.1:1080"),
      /proxy-url: proxies are not supported/,
    ],
    [
      "an http proxy-url",
      (d) => (d.clusters[0]!.cluster["proxy-url"] = "http://10.0.0.1:3128"),
      /proxy-url/,
    ],
    ["impersonation", (d) => (d.users[0]!.user.as = "system:admin"), /impersonation/],
    [
      "a file: server",
      (d) => (d.clusters[0]!.cluster.server = "file:///etc/passwd"),
      /server: must be an https:\/\//,
    ],
    [
      "a gopher: server",
      (d) => (d.clusters[0]!.cluster.server = "gopher://127.0.0.1:70/"),
      /server: must be an https:\/\//,
    ],
    [
      "credentials in the server URL",
      (d) => (d.clusters[0]!.cluster.server = "https://u:p@api.example.test"),
      /must not carry credentials/,
    ],
    [
      "plain http without skip-verify",
      (d) => (d.clusters[0]!.cluster.server = "http://api.example.test"),
      /http:\/\/ server needs insecure-skip-tls-verify/,
    ],
  ];
  it.each(hostile)("refuses %s", (_name, mutate, message) => {
    const doc = good();
    mutate(doc);
    const error = refusal(doc);
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.field).toBe("auth.kubeconfig");
    expect(error.message).toMatch(message);
    for (const secret of ["/etc/passwd", "LEAK", "secret-token-value", "/etc/shadow", "cmd-args"])
      expect(error.message).not.toContain(secret);
  });

  it("refuses YAML, not just JSON, and a document of aliases", () => {
    const yaml = `apiVersion: v1
clusters: [{name: c, cluster: {server: "https://k.example.test"}}]
users: [{name: u, user: {exec: {command: id}}}]
contexts: [{name: x, context: {cluster: c, user: u}}]
`;
    expect(refusal(yaml).message).toMatch(/users\[0\]\.user\.exec/);
    const laughs = ["a: &a [x,x,x,x,x,x,x,x,x]"];
    for (let i = 0; i < 12; i++)
      laughs.push(
        `${"bcdefghijklm"[i]}: &${"bcdefghijklm"[i]} [${Array(9)
          .fill(`*${i === 0 ? "a" : "abcdefghijklm"[i]}`)
          .join(",")}]`,
      );
    expect(refusal(laughs.join("\n")).message).toMatch(/aliases|mapping|not a kubeconfig field/);
  });

  it("refuses contexts that point nowhere and duplicate names", () => {
    const d = good();
    d.contexts[0]!.context.user = "nobody";
    expect(refusal(d).message).toMatch(/contexts\[0\]\.context\.user: names no user/);
    const dup = good();
    dup.users.push({ name: "sa", user: { token: "t2" } });
    expect(refusal(dup).message).toMatch(/users\[1\]\.name: duplicates/);
    expect(refusal({ ...good(), contexts: [] }).message).toMatch(/no contexts/);
  });

  it("refuses prototype keys with the generic reason", () => {
    const text = JSON.stringify(good()).replace(
      '"apiVersion"',
      '"__proto__":{"exec":1},"apiVersion"',
    );
    expect(refusal(text).message).toBe(
      "kubeconfig.__proto__: is not a kubeconfig field Meshbench accepts",
    );
  });

  it("property: any unknown key, at any level, is refused and named", () => {
    const allowed = new Set([
      "apiVersion",
      "kind",
      "clusters",
      "users",
      "contexts",
      "current-context",
      "preferences",
      "extensions",
      "name",
      "cluster",
      "user",
      "context",
      "server",
      "certificate-authority-data",
      "insecure-skip-tls-verify",
      "tls-server-name",
      "disable-compression",
      "token",
      "client-certificate-data",
      "client-key-data",
      "username",
      "password",
      "namespace",
      // assigning __proto__ in the test sets a prototype, not a key (tested above as text)
      "__proto__",
    ]);
    const key = fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !allowed.has(k));
    const levels = [
      "root",
      "namedCluster",
      "cluster",
      "namedUser",
      "user",
      "namedContext",
      "context",
    ] as const;
    fc.assert(
      fc.property(key, fc.constantFrom(...levels), fc.jsonValue(), (k, level, value) => {
        const d = good();
        const target: Record<string, unknown> = {
          root: d,
          namedCluster: d.clusters[0]!,
          cluster: d.clusters[0]!.cluster,
          namedUser: d.users[0]!,
          user: d.users[0]!.user,
          namedContext: d.contexts[0]!,
          context: d.contexts[0]!.context,
        }[level];
        target[k] = value;
        const error = refusal(d);
        return error.code === "BAD_REQUEST" && error.message.includes(`.${k}:`);
      }),
      { numRuns: 300 },
    );
  });
});
