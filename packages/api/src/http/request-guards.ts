import { bearerToken } from "../auth/bearer-token";

/**
 * CSRF guard for cookie-authenticated writes: a state-changing request that carries cookies and
 * no bearer token must come from one of our origins (browsers always send Origin on POST).
 * Token callers (CLI, CI) carry no ambient credentials, so there is nothing to forge.
 */
export function isCrossSiteWrite(
  request: Pick<Request, "method"> & { headers: Pick<Headers, "get"> },
  trustedOrigins: readonly string[],
): boolean {
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
 * The header our production server (apps/web/server/front-door.cjs) sets to the TCP peer's
 * address, after deleting any copy a client sent. Next's route handlers never see the socket.
 */
export const PEER_ADDRESS_HEADER = "x-meshbench-peer-address";

/**
 * The client address for rate limiting. With no trusted proxy (hops = 0) it is the TCP peer:
 * X-Forwarded-For is ignored, since any client can set it. Behind N trusted proxies, each of
 * which appends the address it received from, the client is the N-th address from the right of
 * X-Forwarded-For + peer; anything further left is client-controlled. Without the peer header
 * (a server started without our wrapper) every client shares one "unknown" bucket: stricter,
 * never looser.
 */
export function clientAddress(headers: Headers, trustedProxyHops = 0): string {
  const peer = headers.get(PEER_ADDRESS_HEADER)?.trim() || "unknown";
  if (trustedProxyHops <= 0) return peer;
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  return chain[chain.length - 1 - trustedProxyHops] ?? chain[0] ?? peer;
}
