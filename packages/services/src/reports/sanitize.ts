/**
 * The environment record as it may be shown. Both audiences: no credentials, tokens or cluster
 * endpoints (keys that name them are dropped; token-, key- and JWT-looking values are redacted).
 * Signed-in members see load-generator requests exactly as sent, URLs included: they are what
 * makes a run reproducible. Public share pages mask hosts inside URLs, never flags.
 */
export type EnvironmentAudience = "member" | "public";

const SECRET_KEY =
  /(token|secret|password|passwd|kubeconfig|credential|endpoint|^server$|url$|uri$|^host|address|cert|private|api_?key|authorization|cookie|ca_?data)/i;
const SECRET_VALUE = /(bearer\s|-----BEGIN|eyJ[A-Za-z0-9_-]{10,})/i;
const URL_HOST = /\b(https?:\/\/)(?:[^\s/?#@]+@)?([^\s/?#:&]+)/gi;
const URL_CREDENTIALS = /\b(https?:\/\/)[^\s/?#@]+@/gi;

function sanitizeText(value: string, audience: EnvironmentAudience) {
  if (SECRET_VALUE.test(value)) return "[redacted]";
  const noCredentials = value.replace(URL_CREDENTIALS, "$1");
  return audience === "public" ? noCredentials.replace(URL_HOST, "$1<host>") : noCredentials;
}

export function sanitizeEnvironment(
  value: unknown,
  audience: EnvironmentAudience = "member",
  depth = 0,
): unknown {
  if (depth > 6) return null;
  if (typeof value === "string") return sanitizeText(value, audience);
  if (Array.isArray(value)) return value.map((v) => sanitizeEnvironment(v, audience, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!SECRET_KEY.test(k)) out[k] = sanitizeEnvironment(v, audience, depth + 1);
    }
    return out;
  }
  return value;
}
