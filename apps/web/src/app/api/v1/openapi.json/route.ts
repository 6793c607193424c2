import { openApiDocument } from "@meshbench/api";

export const dynamic = "force-dynamic";

/**
 * The OpenAPI 3.1 document. Its server URL is relative (`/api/v1`, resolved against wherever the
 * document was fetched from): behind a proxy, or with the server bound to 0.0.0.0, the request's
 * own URL may name a host the browser never used, and the docs page's try-it-out (CSP
 * `connect-src 'self'`) must call the origin it was loaded from.
 */
export function GET() {
  return Response.json(openApiDocument(), {
    headers: { "cache-control": "public, max-age=60" },
  });
}
