import { ZUploadResultsInput, type TUploadResultsOutput } from "@meshbench/contracts";
import type { Services } from "@meshbench/services";
import { bearerToken } from "../auth/bearer-token";
import { nulBytePath } from "../http/nul-bytes";
import { isIdempotencyKey, requestHash } from "./idempotency";
import { REST_BASE_PATH } from "./openapi-document";

const UPLOAD_PATH = `${REST_BASE_PATH}/results`;

/** What the fast path reads of a request: a fetch Request, or the front door's node request. */
export type UploadRequest = { method: string; url: string; headers: Pick<Headers, "get"> };

/**
 * The fast path of `POST /results` with an API token (issue 27: a CI upload spent most of its
 * time in round trips and the procedure chain): one read and one write
 * (ResultsService.uploadWithToken) instead of the token, rate-limit, benchmark, Idempotency-Key
 * and insert statements one after the other. It answers only a plain success — the body the
 * procedure accepts, a known benchmark, a token allowed to upload, a free key, a point left —
 * with exactly the answer the procedure gives (its body, sent as a 200). Anything else returns null having written
 * nothing, and the general handler answers it (401, 403, 400 naming the field, 409, 413, 429
 * with Retry-After, a replay, a new benchmark), so every refusal has one definition.
 */
export async function tokenUpload(
  request: UploadRequest,
  text: string,
  services: Services,
): Promise<TUploadResultsOutput | null> {
  if (request.method !== "POST" || new URL(request.url).pathname !== UPLOAD_PATH) return null;
  const token = bearerToken(request.headers);
  if (!token) return null;
  if (!request.headers.get("content-type")?.startsWith("application/json")) return null;
  const key = request.headers.get("idempotency-key");
  if (key !== null && !isIdempotencyKey(key)) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  // JSON can only carry a NUL as the escape \u0000: without one in the text there is none to find.
  if (text.includes("\\u0000") && nulBytePath(body) !== null) return null;
  const input = ZUploadResultsInput.safeParse(body);
  if (!input.success) return null;
  return services.results.uploadWithToken({
    token,
    input: input.data,
    idempotency: key === null ? null : { key, requestHash: requestHash("POST", request.url, text) },
  });
}
