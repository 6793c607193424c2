import { restErrorBody } from "@meshbench/contracts";
import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { development } from "~/build-mode";

// Pages anyone may open; everything else needs a session (APIs answer 401 themselves).
const PUBLIC = [
  /^\/sign-in$/,
  /^\/sign-up$/,
  /^\/forgot-password$/,
  /^\/reset-password$/,
  /^\/share\//,
];

function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // Charts set inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Requests no route of ours can answer: refused here with a 4xx instead of a 500 deeper down. */
function refuseUnroutable(request: NextRequest): Response | null {
  const json = (status: number, code: string, message: string, headers = {}) =>
    Response.json(restErrorBody(code, message), { status, headers });
  if (!METHODS.has(request.method))
    return json(405, "METHOD_NOT_SUPPORTED", `Method ${request.method} is not supported`, {
      allow: [...METHODS].join(", "),
    });
  try {
    decodeURIComponent(request.nextUrl.pathname);
  } catch {
    return json(400, "BAD_REQUEST", "path: malformed %-encoding");
  }
  return null;
}

/**
 * Runs before every page: signed-out visitors go to /sign-in (an optimistic cookie check; every
 * data access still resolves the session for real), and each response gets a nonce-based CSP.
 */
export function proxy(request: NextRequest) {
  const refused = refuseUnroutable(request);
  if (refused) return refused;
  const { pathname, search } = request.nextUrl;
  // APIs answer 401 themselves and set their own headers (they are matched for the guard above).
  if (pathname.startsWith("/api/")) return NextResponse.next();
  if (
    !PUBLIC.some((re) => re.test(pathname)) &&
    !getSessionCookie(request, { cookiePrefix: "meshbench" })
  ) {
    const signIn = new URL("/sign-in", request.url);
    if (pathname !== "/") signIn.searchParams.set("next", `${pathname}${search}`);
    return NextResponse.redirect(signIn);
  }
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  matcher: [
    // APIs: only the method and path guard.
    { source: "/api/:path*" },
    // Pages, but not prefetches: Next strips its router headers before the proxy sees them, so
    // they can only be told apart here (a prefetch redirected to sign-in would be cached).
    {
      source: "/((?!api|_next/static|_next/image|favicon.ico).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
