import { createHash } from "node:crypto";
import { createOpenApiFetchHandler } from "trpc-to-openapi";
import type { Context } from "../context";
import { errorResponse, limitBody } from "../http/body-limit";
import { appRouter } from "../root";
import { REST_BASE_PATH, REST_MAX_BODY_BYTES } from "./openapi-document";
import { toRestError } from "./rest-errors";

export type RestHandlerOptions = {
  createContext: (request: Request) => Promise<Context>;
  maxBodyBytes?: number;
  onUnexpectedError?: (path: string, message: string) => void;
};

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

async function dispatch(
  request: Request,
  ctx: Context,
  options: RestHandlerOptions,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await createOpenApiFetchHandler({
    endpoint: REST_BASE_PATH,
    router: appRouter,
    req: request,
    createContext: () => ctx,
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR")
        options.onUnexpectedError?.(path ?? "?", error.message);
    },
  });
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : null;
  const body = response.status >= 400 ? toRestError(response.status, parsed) : parsed;
  return { status: response.status, body, headers: response.headers };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

/**
 * The REST transport: the same procedures as /api/trpc, served by trpc-to-openapi under
 * /api/v1. Around it, what HTTP clients need: a body limit enforced before parsing (413), a
 * uniform error body, and Idempotency-Key handling for POSTs (replay, or 409 on a changed body).
 */
export function createRestHandler(options: RestHandlerOptions) {
  return async function handle(incoming: Request): Promise<Response> {
    const limited = await limitBody(incoming, options.maxBodyBytes ?? REST_MAX_BODY_BYTES);
    if (limited instanceof Response) return limited;
    const ctx = await options.createContext(limited);
    const key = limited.headers.get("idempotency-key");
    if (limited.method !== "POST" || key === null || !ctx.actor) {
      const { status, body, headers } = await dispatch(limited, ctx, options);
      return json(status, body, Object.fromEntries(headers));
    }
    if (!IDEMPOTENCY_KEY.test(key))
      return errorResponse(
        400,
        "BAD_REQUEST",
        "Idempotency-Key must be 1–255 visible ASCII characters",
      );

    const bodyText = await limited.clone().text();
    const path = new URL(limited.url).pathname;
    const hash = createHash("sha256")
      .update(`${limited.method} ${path}\n${bodyText}`)
      .digest("hex");
    const scopeKey = `${ctx.actor.tokenId ?? ctx.actor.userId ?? ctx.actor.via}:${key}`;
    const store = ctx.services.idempotency;
    const begun = await store.begin(ctx.actor.workspaceId, scopeKey, hash);
    if (begun.state === "replay")
      return json(begun.status, begun.response, { "idempotency-replayed": "true" });
    if (begun.state === "conflict")
      return errorResponse(
        409,
        "CONFLICT",
        "Idempotency-Key was already used with a different request",
      );
    if (begun.state === "in_flight")
      return errorResponse(
        409,
        "CONFLICT",
        "A request with this Idempotency-Key is still in progress",
        { "retry-after": "1" },
      );
    try {
      const { status, body, headers } = await dispatch(limited, ctx, options);
      // Server errors are not stored: the client may retry them with the same key.
      if (status >= 500) await store.release(ctx.actor.workspaceId, scopeKey);
      else await store.complete(ctx.actor.workspaceId, scopeKey, status, body);
      return json(status, body, Object.fromEntries(headers));
    } catch (error) {
      await store.release(ctx.actor.workspaceId, scopeKey);
      throw error;
    }
  };
}
