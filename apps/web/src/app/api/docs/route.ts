import { randomBytes } from "node:crypto";

/**
 * Interactive API docs: Swagger UI (the `swagger-ui-dist` package, served from our origin by
 * ./[asset]) over /api/v1/openapi.json. "Authorize" takes an API token for "Try it out". No CDN:
 * its CSP allows scripts from us (the bundle) and by nonce (the one call that starts it),
 * requests to us only, and nothing framed.
 */
export function GET() {
  const nonce = randomBytes(16).toString("base64");
  return new Response(docsHtml(nonce), {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": docsCsp(nonce),
      "cache-control": "no-store",
    },
  });
}

function docsHtml(nonce: string): string {
  const options = {
    url: "/api/v1/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    // No badge from validator.swagger.io: nothing leaves our origin.
    validatorUrl: null,
    tryItOutEnabled: true,
    persistAuthorization: false,
    displayRequestDuration: true,
  };
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Meshbench API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head><body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js" nonce="${nonce}"></script>
<script nonce="${nonce}">window.ui = SwaggerUIBundle(Object.assign(${JSON.stringify(options)}, { presets: [SwaggerUIBundle.presets.apis] }));</script>
</body></html>`;
}

function docsCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Swagger UI sets style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
