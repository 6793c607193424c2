import { createOpenApiFetchHandler } from "trpc-to-openapi";
import type { Context, Services } from "../context";
import { errorResponse, readLimited } from "../http/body-limit";
import { hasMalformedPath, MAX_JSON_DEPTH, nestsDeeperThan } from "../http/json-depth";
import { isCrossSiteWrite } from "../http/request-guards";
import { appRouter } from "../root";
import { withIdempotency, type IdempotencyStore } from "./idempotency";
import { REST_BASE_PATH, REST_MAX_BODY_BYTES } from "./openapi-document";
import { restErrorHeaders, toRestError } from "./rest-errors";
import { tokenUpload, type UploadRequest } from "./token-upload";

export type RestHandlerOptions = {
  createContext: (request: Request) => Promise<Context>;
  /** Idempotency-Key records (the app's, over its database: createIdempotencyRepository). */
  idempotency: () => IdempotencyStore;
  /** Origins whose cookie-authenticated writes are accepted (the app's own). */
  trustedOrigins: readonly string[];
  maxBodyBytes?: number;
  /** The app's services: enables the token upload's fast path (token-upload.ts). */
  services?: () => Services;
  onUnexpectedError?: (path: string, message: string) => void;
};

export type RestResult = { status: number; body: unknown; headers: Record<string, string> };

async function dispatch(
  request: Request,
  ctx: Context,
  options: RestHandlerOptions,
): Promise<RestResult> {
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
  const headers = Object.fromEntries(response.headers);
  if (response.status < 400) return { status: response.status, body: parsed, headers };
  return {
    status: response.status,
    body: toRestError(response.status, parsed),
    headers: { ...headers, ...restErrorHeaders(parsed) },
  };
}

const json = ({ status, body, headers }: RestResult, extra: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, "content-type": "application/json", ...extra },
  });

type Screened = { request: Request; text: string | null };

/** As Body.text() decodes: UTF-8, a leading BOM dropped, malformed bytes replaced. */
const utf8 = new TextDecoder();

/**
 * Refusals made before any procedure runs; each answers in the documented error shape. What
 * passes comes with its body's text (null for GET/HEAD), read once.
 */
async function screen(request: Request, options: RestHandlerOptions): Promise<Screened | Response> {
  if (hasMalformedPath(request.url))
    return errorResponse(400, "BAD_REQUEST", "path: malformed %-encoding");
  if (isCrossSiteWrite(request, options.trustedOrigins))
    return errorResponse(403, "FORBIDDEN", "Cross-site request refused");
  const limited = await readLimited(request, options.maxBodyBytes ?? REST_MAX_BODY_BYTES);
  if (limited instanceof Response) return limited;
  if (limited.request.method === "GET" || limited.request.method === "HEAD")
    return { request: limited.request, text: null };
  const text = limited.bytes ? utf8.decode(limited.bytes) : "";
  if (nestsDeeperThan(text))
    return errorResponse(400, "BAD_REQUEST", `body: nested deeper than ${MAX_JSON_DEPTH} levels`);
  return { request: limited.request, text };
}

/**
 * The REST transport: the same procedures as /api/trpc, served by trpc-to-openapi under
 * /api/v1. Around it, what HTTP clients need and tRPC does not give: early refusals (malformed
 * path, cross-site cookie writes, 413 before parsing, absurd nesting), one documented error body
 * with Retry-After on 429, and Idempotency-Key for POSTs. Anything unexpected is a logged 500
 * in the same shape, never an unhandled rejection.
 */
export function createRestHandler(options: RestHandlerOptions) {
  const fail = (url: string, error: unknown) => {
    options.onUnexpectedError?.(new URL(url).pathname, (error as Error).message);
    return errorResponse(500, "INTERNAL_SERVER_ERROR", "Internal server error");
  };
  /** `after.fastTried`: uploadWhole declined this request already (the fast path runs once). */
  async function handle(incoming: Request, after?: { fastTried: boolean }): Promise<Response> {
    try {
      const screened = await screen(incoming, options);
      if (screened instanceof Response) return screened;
      const { request, text } = screened;
      const fast =
        options.services && text !== null && after?.fastTried !== true
          ? await tokenUpload(request, text, options.services())
          : null;
      if (fast) return json({ status: 200, body: fast, headers: {} });
      const ctx = await options.createContext(request);
      const run = () => dispatch(request, ctx, options);
      const key = request.headers.get("idempotency-key");
      if (request.method !== "POST" || key === null || !ctx.actor) return json(await run());
      return await withIdempotency(request, key, ctx.actor, options.idempotency(), run, json);
    } catch (error) {
      return fail(incoming.url, error);
    }
  }
  /**
   * The token upload's fast path for a request whose body the caller already holds whole (the
   * production front door, http/node-adapter.ts): the same screen and the same tokenUpload
   * without building a fetch Request and Response around them (issue 27: those were ≈ 0.1 ms of
   * a 1-ms upload). Null: not answered here — the caller sends the request to `handle` with
   * `fastTried`, which screens it again and answers it as it answers any other.
   */
  async function uploadWhole(request: WholeRequest): Promise<Response | string | null> {
    if (!options.services || request.method !== "POST") return null;
    try {
      const limit = options.maxBodyBytes ?? REST_MAX_BODY_BYTES;
      if (hasMalformedPath(request.url) || isCrossSiteWrite(request, options.trustedOrigins))
        return null;
      if (request.bytes.byteLength > limit) return null;
      const text = utf8.decode(request.bytes);
      if (nestsDeeperThan(text)) return null;
      const answer = await tokenUpload(request, text, options.services());
      return answer && JSON.stringify(answer);
    } catch (error) {
      return fail(request.url, error);
    }
  }
  return Object.assign(handle, { uploadWhole });
}

/** A request whose body is held whole: what uploadWhole reads. */
export type WholeRequest = UploadRequest & { bytes: Uint8Array };
