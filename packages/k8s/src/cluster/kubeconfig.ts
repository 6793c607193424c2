import { DomainError, type TKubeconfigContexts } from "@meshbench/contracts";
import { parseDocument } from "yaml";

/**
 * A kubeconfig reduced to the data Meshbench accepts from a tenant: inline credentials only. This
 * is the only shape a kubeconfig takes inside our processes; client-node never sees the text.
 */
export type CheckedCluster = {
  name: string;
  server: string;
  caData: string | null;
  insecureSkipTlsVerify: boolean;
  tlsServerName: string | null;
};
export type CheckedUser = {
  name: string;
  token: string | null;
  clientCertificateData: string | null;
  clientKeyData: string | null;
  username: string | null;
  password: string | null;
};
export type CheckedContext = {
  name: string;
  cluster: string;
  user: string;
  namespace: string | null;
};
export type CheckedKubeconfig = {
  clusters: CheckedCluster[];
  users: CheckedUser[];
  contexts: CheckedContext[];
  currentContext: string | null;
};

const FIELD = "auth.kubeconfig";
const TOKEN_ADVICE =
  "register a service-account token instead (`meshbench cluster connect`, or infra/scripts/make-kubeconfig.sh)";

/**
 * Keys a tenant may not use, and why. Everything not on the allow-lists below is refused too;
 * these only get a more helpful message. Exec plugins and auth providers run commands or contact
 * other servers from our processes; file paths would read our files; proxies would make us
 * connect wherever the tenant says.
 */
const REFUSED: Record<string, string> = {
  exec: `exec credential plugins would run a command on Meshbench's servers: ${TOKEN_ADVICE}`,
  "auth-provider": `auth providers (gcp, azure, oidc, token files) run commands, read files or contact other servers from Meshbench's servers: ${TOKEN_ADVICE}`,
  "token-file": "token files are not read: put the token itself in `token`",
  tokenFile: "token files are not read: put the token itself in `token`",
  "client-certificate":
    "file paths are not read: inline the certificate as `client-certificate-data`",
  "client-key": "file paths are not read: inline the key as `client-key-data`",
  "certificate-authority": "file paths are not read: inline the CA as `certificate-authority-data`",
  "proxy-url": "proxies are not supported: Meshbench connects to the API server directly",
  as: "impersonation is not supported: give the service account itself the permissions",
  "as-uid": "impersonation is not supported: give the service account itself the permissions",
  "as-groups": "impersonation is not supported: give the service account itself the permissions",
  "as-user-extra":
    "impersonation is not supported: give the service account itself the permissions",
};

/** Allowed keys per level; `extensions`, `preferences` and `disable-compression` are ignored data. */
const ALLOWED = {
  root: [
    "apiVersion",
    "kind",
    "clusters",
    "users",
    "contexts",
    "current-context",
    "preferences",
    "extensions",
  ],
  namedCluster: ["name", "cluster"],
  cluster: [
    "server",
    "certificate-authority-data",
    "insecure-skip-tls-verify",
    "tls-server-name",
    "disable-compression",
    "extensions",
  ],
  namedUser: ["name", "user"],
  user: [
    "token",
    "client-certificate-data",
    "client-key-data",
    "username",
    "password",
    "extensions",
  ],
  namedContext: ["name", "context"],
  context: ["cluster", "user", "namespace", "extensions"],
} as const;

const refuse = (path: string, why: string): never => {
  throw new DomainError("BAD_REQUEST", `${path}: ${why}`, FIELD);
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function keysOf(value: unknown, path: string, allowed: readonly string[]): Obj {
  if (!isObj(value)) return refuse(path, "must be a mapping");
  for (const key of Object.keys(value)) {
    if (allowed.includes(key)) continue;
    const why = Object.hasOwn(REFUSED, key) ? REFUSED[key]! : null;
    refuse(`${path}.${key}`, why ?? "is not a kubeconfig field Meshbench accepts");
  }
  return value;
}

function str(o: Obj, key: string, path: string, required: true): string;
function str(o: Obj, key: string, path: string, required?: false): string | null;
function str(o: Obj, key: string, path: string, required = false) {
  const v = o[key];
  if (v === undefined || v === null || v === "") {
    if (required) refuse(`${path}.${key}`, "is required");
    return null;
  }
  if (typeof v !== "string") return refuse(`${path}.${key}`, "must be a string");
  if (v.length > 64 * 1024) return refuse(`${path}.${key}`, "is too long");
  return v;
}

function base64(o: Obj, key: string, path: string) {
  const v = str(o, key, path);
  if (v !== null && !/^[A-Za-z0-9+/=\s]+$/.test(v))
    refuse(`${path}.${key}`, "must be base64 (the file's content, base64-encoded)");
  return v;
}

function list(root: Obj, key: string): unknown[] {
  const v = root[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return refuse(key, "must be a list");
  if (v.length > 100) return refuse(key, "has too many entries");
  return v as unknown[];
}

/** The API server URL: https or http (http only without TLS to verify), no credentials, no query. */
function serverUrl(text: string, path: string) {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(path, "is not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    refuse(path, "must be an https:// (or http://) URL");
  if (url.username || url.password) refuse(path, "must not carry credentials");
  if (url.search || url.hash) refuse(path, "must not carry a query or fragment");
  return url.href.replace(/\/$/, "");
}

function parseYaml(text: string): unknown {
  // Kubeconfigs need no anchors; a tiny alias budget stops "billion laughs" documents.
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) return refuse("kubeconfig", "is not valid YAML or JSON");
  try {
    return doc.toJS({ maxAliasCount: 10 }) as unknown;
  } catch {
    return refuse("kubeconfig", "uses too many YAML aliases");
  }
}

function unique<T extends { name: string }>(items: T[], kind: string) {
  const seen = new Set<string>();
  items.forEach((i, n) => {
    if (seen.has(i.name)) refuse(`${kind}[${n}].name`, `duplicates "${i.name}"`);
    seen.add(i.name);
  });
  return items;
}

/**
 * Checks kubeconfig text against the allow-list and returns only its data. Every path a
 * kubeconfig takes into Meshbench (inspect, register, update, and every time a stored one is
 * opened) goes through here, so a kubeconfig stored before these rules is refused when opened.
 * Errors name the offending key (never a value: values are credentials) and say what to use.
 */
export function checkKubeconfig(text: string): CheckedKubeconfig {
  const root = keysOf(parseYaml(text), "kubeconfig", ALLOWED.root);
  const clusters = unique(
    list(root, "clusters").map((entry, i): CheckedCluster => {
      const p = `clusters[${i}]`;
      const named = keysOf(entry, p, ALLOWED.namedCluster);
      const c = keysOf(named.cluster, `${p}.cluster`, ALLOWED.cluster);
      const skip = c["insecure-skip-tls-verify"];
      if (skip !== undefined && typeof skip !== "boolean")
        refuse(`${p}.cluster.insecure-skip-tls-verify`, "must be true or false");
      const server = serverUrl(str(c, "server", `${p}.cluster`, true), `${p}.cluster.server`);
      if (server.startsWith("http:") && skip !== true)
        refuse(
          `${p}.cluster.server`,
          "an http:// server needs insecure-skip-tls-verify: true; use https://",
        );
      return {
        name: str(named, "name", p, true),
        server,
        caData: base64(c, "certificate-authority-data", `${p}.cluster`),
        insecureSkipTlsVerify: skip === true,
        tlsServerName: str(c, "tls-server-name", `${p}.cluster`),
      };
    }),
    "clusters",
  );
  const users = unique(
    list(root, "users").map((entry, i): CheckedUser => {
      const p = `users[${i}]`;
      const named = keysOf(entry, p, ALLOWED.namedUser);
      const u = keysOf(named.user ?? {}, `${p}.user`, ALLOWED.user);
      const user = {
        name: str(named, "name", p, true),
        token: str(u, "token", `${p}.user`),
        clientCertificateData: base64(u, "client-certificate-data", `${p}.user`),
        clientKeyData: base64(u, "client-key-data", `${p}.user`),
        username: str(u, "username", `${p}.user`),
        password: str(u, "password", `${p}.user`),
      };
      if (!user.clientCertificateData !== !user.clientKeyData)
        refuse(`${p}.user`, "client-certificate-data and client-key-data go together");
      return user;
    }),
    "users",
  );
  const contexts = unique(
    list(root, "contexts").map((entry, i): CheckedContext => {
      const p = `contexts[${i}]`;
      const named = keysOf(entry, p, ALLOWED.namedContext);
      const c = keysOf(named.context, `${p}.context`, ALLOWED.context);
      const context = {
        name: str(named, "name", p, true),
        cluster: str(c, "cluster", `${p}.context`, true),
        user: str(c, "user", `${p}.context`, true),
        namespace: str(c, "namespace", `${p}.context`),
      };
      if (!clusters.some((x) => x.name === context.cluster))
        refuse(`${p}.context.cluster`, `names no cluster of this kubeconfig`);
      if (!users.some((x) => x.name === context.user))
        refuse(`${p}.context.user`, `names no user of this kubeconfig`);
      return context;
    }),
    "contexts",
  );
  if (contexts.length === 0) refuse("contexts", "the kubeconfig has no contexts");
  const current = str(root, "current-context", "kubeconfig");
  return {
    clusters,
    users,
    contexts,
    currentContext: current && contexts.some((c) => c.name === current) ? current : null,
  };
}

export function listContexts(kc: CheckedKubeconfig): TKubeconfigContexts {
  return {
    contexts: kc.contexts.map((c) => ({
      name: c.name,
      cluster: c.cluster,
      user: c.user,
      server: kc.clusters.find((x) => x.name === c.cluster)?.server ?? "",
    })),
    currentContext: kc.currentContext,
  };
}

/**
 * The context to use: the requested one, or the only one. With several and none chosen the user
 * must choose (the error lists the choices).
 */
export function selectContext(kc: CheckedKubeconfig, requested: string | undefined | null): string {
  const names = kc.contexts.map((c) => c.name);
  if (requested) {
    if (!names.includes(requested))
      throw new DomainError("BAD_REQUEST", `No context named "${requested}"`, "auth.context");
    return requested;
  }
  if (names.length === 1) return names[0]!;
  throw new DomainError("BAD_REQUEST", `Choose a context: ${names.join(", ")}`, "auth.context");
}

/** One context's cluster and user: everything a connection needs, nothing else. */
export function contextCredentials(kc: CheckedKubeconfig, context: string) {
  const ctx = kc.contexts.find((c) => c.name === context)!;
  return {
    context: ctx,
    cluster: kc.clusters.find((c) => c.name === ctx.cluster)!,
    user: kc.users.find((u) => u.name === ctx.user)!,
  };
}
