import { restErrorBody } from "@meshbench/contracts";

/** JSON error bodies for transport-level refusals, in the one documented error shape. */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
  field: string | null = null,
) {
  return new Response(JSON.stringify(restErrorBody(code, message, field)), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/**
 * Reads at most `maxBytes` of the request body. Returns a Request with the body buffered (so the
 * handler can read it again) or a 413 response. Checks the declared length first, then counts
 * the bytes actually streamed (a client can lie about, or omit, Content-Length).
 */
export async function limitBody(request: Request, maxBytes: number): Promise<Request | Response> {
  const limited = await readLimited(request, maxBytes);
  return limited instanceof Response ? limited : limited.request;
}

/**
 * limitBody, also giving the bytes it buffered (null when there is no body), for a caller that
 * reads them itself instead of cloning the request again.
 */
export async function readLimited(
  request: Request,
  maxBytes: number,
): Promise<{ request: Request; bytes: Uint8Array | null } | Response> {
  if (request.method === "GET" || request.method === "HEAD" || !request.body)
    return { request, bytes: null };
  const tooLarge = () =>
    errorResponse(413, "PAYLOAD_TOO_LARGE", `Request body exceeds the limit of ${maxBytes} bytes`);
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();

  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return {
    request: new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      signal: request.signal,
    }),
    bytes: body,
  };
}
