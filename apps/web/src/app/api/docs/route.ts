import { apiDocsHtml } from "@meshbench/api";

/** Interactive API docs, self-contained (works offline): renders /api/v1/openapi.json. */
export function GET() {
  return new Response(apiDocsHtml("/api/v1/openapi.json"), {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
}
