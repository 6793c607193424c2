/**
 * The environment snapshot as it may be shown, shared pages included: no credentials, tokens,
 * cluster endpoints or URLs (keys that name them are dropped, URL-looking values are redacted).
 */
const SECRET_KEY =
  /(token|secret|password|passwd|kubeconfig|credential|endpoint|^server$|url$|uri$|^host|address|cert|private|api_?key|authorization|cookie|ca_?data)/i;
const SECRET_VALUE = /(https?:\/\/|bearer\s|-----BEGIN|eyJ[A-Za-z0-9_-]{10,})/i;

export function sanitizeEnvironment(value: unknown, depth = 0): unknown {
  if (depth > 6) return null;
  if (typeof value === "string") return SECRET_VALUE.test(value) ? "[redacted]" : value;
  if (Array.isArray(value)) return value.map((v) => sanitizeEnvironment(v, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (!SECRET_KEY.test(k)) out[k] = sanitizeEnvironment(v, depth + 1);
    }
    return out;
  }
  return value;
}
