import { openApiDocument } from "@meshbench/api";

export const dynamic = "force-dynamic";

/** The OpenAPI 3.1 document, with server URLs for the origin it was fetched from. */
export function GET(request: Request) {
  return Response.json(openApiDocument(new URL(request.url).origin), {
    headers: { "cache-control": "public, max-age=60" },
  });
}
