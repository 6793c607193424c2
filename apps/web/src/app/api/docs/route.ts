import { randomBytes } from "node:crypto";
import { apiDocsCsp, apiDocsHtml } from "@meshbench/api";

/** Interactive API docs, self-contained (works offline): renders /api/v1/openapi.json. */
export function GET() {
  const nonce = randomBytes(16).toString("base64");
  return new Response(apiDocsHtml("/api/v1/openapi.json", nonce), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": apiDocsCsp(nonce),
    },
  });
}
