/**
 * Headers on every response, API included (pages also get a nonce CSP from src/proxy.ts): Next
 * adds them through next.config, and the front door's fast routes (fast-routes.ts) add the same.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};
