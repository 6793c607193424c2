/**
 * What a run may show, by audience. Both: no credentials — in the environment, keys that name
 * credentials or endpoints are dropped and token-, key- and JWT-looking values are redacted; in
 * every text of a report (git fields, titles, failure reasons, fingerprints), credentials inside
 * URLs (userinfo, secret query parameters) are removed. Signed-in members see load-generator
 * requests exactly as sent otherwise: they are what makes a run reproducible. Public share links
 * apply the environment's whole rule to every text of the report and mask hosts inside URLs,
 * never flags: see reportView.
 */
export type EnvironmentAudience = "member" | "public";

const SECRET_KEY =
  /(token|secret|password|passwd|kubeconfig|credential|endpoint|^server$|url$|uri$|^host|address|cert|private|api_?key|authorization|cookie|ca_?data)/i;
const SECRET_VALUE = /(bearer\s|-----BEGIN|eyJ[A-Za-z0-9_-]{10,})/i;
const SCHEME = String.raw`\b([a-z][a-z0-9+.-]*:\/\/)`;
const URL_HOST = new RegExp(`${SCHEME}(?:[^\\s/?#@]+@)?([^\\s/?#:&]+)`, "gi");
const URL_CREDENTIALS = new RegExp(`${SCHEME}[^\\s/?#@]+@`, "gi");
/** `?access_token=…`, `&X-Amz-Signature=…`, `;password=…`: the value goes, the name stays. */
const SECRET_QUERY =
  /([?&;][\w.-]*(?:token|secret|password|passwd|pwd|api_?key|signature|sig|credential|auth)[\w.-]*=)[^&#;\s]+/gi;

const withoutUrlCredentials = (value: string) =>
  value.replace(URL_CREDENTIALS, "$1").replace(SECRET_QUERY, "$1[redacted]");

function sanitizeText(value: string, audience: EnvironmentAudience) {
  if (SECRET_VALUE.test(value)) return "[redacted]";
  const noCredentials = withoutUrlCredentials(value);
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

/**
 * A report (run or comparison) as `audience` may see it: every string in it, keys included —
 * members: without credentials inside URLs; public: through the whole rule above. Shapes and
 * non-text values (numbers, dates) are kept, so the result still satisfies the report's schema;
 * the same text always maps to the same text, so references between fields (a row's variant and
 * the reference variant) still match.
 */
export function reportView<T>(value: T, audience: EnvironmentAudience): T {
  return mapStrings(value, (text) =>
    audience === "public" ? sanitizeText(text, "public") : withoutUrlCredentials(text),
  );
}

/** `map` applied to every string and key inside `value`; copies only what changes. */
function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === "string") return map(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item: unknown, i) => {
      const next = mapStrings(item, map);
      if (next !== item) (copy ??= value.slice())[i] = next;
    });
    return (copy ?? value) as T;
  }
  if (!value || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  const entries = Object.entries(value).map(
    ([k, v]) => [k, map(k), v, mapStrings(v, map)] as const,
  );
  if (entries.every(([k, key, v, next]) => k === key && v === next)) return value;
  return Object.fromEntries(entries.map(([, key, , next]) => [key, next])) as T;
}
