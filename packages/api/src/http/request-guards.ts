import { bearerToken } from "../auth/api-token";

/**
 * CSRF guard for cookie-authenticated writes: a state-changing request that carries cookies and
 * no bearer token must come from one of our origins (browsers always send Origin on POST).
 * Token callers (CLI, CI) carry no ambient credentials, so there is nothing to forge.
 */
export function isCrossSiteWrite(request: Request, trustedOrigins: readonly string[]): boolean {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS")
    return false;
  if (bearerToken(request.headers) !== null) return false;
  if (!request.headers.get("cookie")) return false;
  const origin = request.headers.get("origin");
  if (origin) return !trustedOrigins.includes(origin);
  // No Origin: allow only what the browser itself marks as same-origin.
  return request.headers.get("sec-fetch-site") !== "same-origin";
}

/**
 * The client address for rate limiting: the last X-Forwarded-For hop, i.e. the one our own
 * server or proxy appended (earlier hops are client-controlled and could be rotated to dodge
 * the limit).
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
  return last ?? headers.get("x-real-ip") ?? "unknown";
}
