import { createHash } from "node:crypto";
import { idempotencyScopeKey, type IdempotencyRepository } from "@meshbench/db";
import type { Actor } from "../context";
import { errorResponse } from "../http/body-limit";
import type { RestResult } from "./rest-handler";

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Where REST answers are kept per Idempotency-Key (Postgres, so replicas share them). A transport
 * concern, not a domain service: only this handler reads or writes it, so the app hands it to
 * createRestHandler rather than to every procedure's context.
 */
export type IdempotencyStore = Pick<IdempotencyRepository, "begin" | "complete" | "release">;

/** Whether a header value can be an Idempotency-Key (else the request is refused, 400). */
export const isIdempotencyKey = (key: string) => IDEMPOTENCY_KEY.test(key);

/** What a key's record remembers of its request: method, path and body. */
export function requestHash(method: string, url: string, bodyText: string): string {
  const path = new URL(url).pathname;
  return createHash("sha256").update(`${method} ${path}\n${bodyText}`).digest("hex");
}

/**
 * Idempotency-Key for a POST: claim the key (a concurrent twin gets 409), run the request, and
 * keep its answer for replay only when it is a success. Every refusal is left unstored — a 429
 * or 5xx is transient, and 400/401/403/404/409/412 answers change when the caller fixes the
 * body, its token's scopes or the workspace's state — and none of them wrote anything, so a
 * retry with the same key simply runs again.
 */
export async function withIdempotency(
  request: Request,
  key: string,
  actor: Actor,
  store: IdempotencyStore,
  run: () => Promise<RestResult>,
  respond: (result: RestResult, extra?: Record<string, string>) => Response,
): Promise<Response> {
  if (!isIdempotencyKey(key))
    return errorResponse(
      400,
      "BAD_REQUEST",
      "Idempotency-Key must be 1–255 visible ASCII characters",
      {},
      "Idempotency-Key",
    );
  const hash = requestHash(request.method, request.url, await request.clone().text());
  const scopeKey = idempotencyScopeKey(actor.tokenId ?? actor.userId ?? actor.via, key);
  const workspaceId = actor.workspaceId;
  const begun = await store.begin(workspaceId, scopeKey, hash);
  if (begun.state === "replay")
    return respond(
      { status: begun.status, body: begun.response, headers: {} },
      { "idempotency-replayed": "true" },
    );
  if (begun.state === "conflict")
    return errorResponse(
      409,
      "CONFLICT",
      "Idempotency-Key was already used with a different request",
      {},
      "Idempotency-Key",
    );
  if (begun.state === "in_flight")
    return errorResponse(
      409,
      "CONFLICT",
      "A request with this Idempotency-Key is still in progress",
      { "retry-after": "1" },
      "Idempotency-Key",
    );
  let result: RestResult;
  try {
    result = await run();
  } catch (error) {
    await store.release(workspaceId, scopeKey);
    throw error;
  }
  if (result.status >= 200 && result.status < 300)
    await store.complete(workspaceId, scopeKey, result.status, result.body);
  else await store.release(workspaceId, scopeKey);
  return respond(result);
}
