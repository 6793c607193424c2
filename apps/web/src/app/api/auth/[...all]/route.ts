import { clientAddress, errorResponse, limitBody, refuseNulBytes } from "@meshbench/api";
import { toNextJsHandler } from "better-auth/next-js";
import { env } from "~/env";
import { getAuth } from "~/server/auth";
import { getServices } from "~/server/services";

// Auth bodies are a few fields; anything bigger is not a sign-in.
const AUTH_BODY_LIMIT = 16 * 1024;
// Endpoints that guess or spend something (passwords, reset mails): rate-limited per address.
const LIMITED =
  /\/api\/auth\/(sign-in|sign-up|request-password-reset|forget-password|reset-password)/;

async function guarded(request: Request, handle: (r: Request) => Promise<Response>) {
  const { pathname } = new URL(request.url);
  if (request.method === "POST" && LIMITED.test(pathname)) {
    const key = `${clientAddress(request.headers, env.MESHBENCH_TRUSTED_PROXY_HOPS)}:${pathname}`;
    const decision = await getServices().rateLimits.consume("auth", key);
    if (!decision.allowed) {
      return errorResponse(429, "TOO_MANY_REQUESTS", "Too many attempts; try again later", {
        "retry-after": String(decision.retryAfterSeconds),
      });
    }
  }
  const limited = await limitBody(request, AUTH_BODY_LIMIT);
  if (limited instanceof Response) return limited;
  return (await refuseNulBytes(limited)) ?? handle(limited);
}

export async function GET(request: Request) {
  return guarded(request, (r) => toNextJsHandler(getAuth()).GET(r));
}

export async function POST(request: Request) {
  return guarded(request, (r) => toNextJsHandler(getAuth()).POST(r));
}
