import type { IncomingMessage, ServerResponse } from "node:http";
import type { WholeRequest } from "../rest/rest-handler";

/** A fetch-style handler; with `uploadWhole` (createRestHandler's), bodies read whole try it first. */
type FetchHandler = ((request: Request, after?: { fastTried: boolean }) => Promise<Response>) & {
  uploadWhole?: (request: WholeRequest) => Promise<Response | string | null>;
};

/**
 * A fetch-style handler (e.g. createRestHandler's) served straight from node:http, for the
 * production server's front door (apps/web/server/front-door.cjs), which answers a few hot
 * routes without Next's routing. The handler is the very one Next's route serves, so the
 * answers are the same; `headers` are what Next adds to every response (next.config).
 */
export function serveFromNode(
  handler: FetchHandler,
  headers: Record<string, string> = {},
  /**
   * A body that declares a length up to this many bytes is read whole before the handler runs
   * (node's parser holds it to that length); others stream, so the handler's own limit still
   * answers 413 without reading an oversized body.
   */
  bufferUpTo = 0,
) {
  return async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = req.headers.host ?? "localhost";
    const url = `http://${host}${req.url ?? "/"}`;
    const init: RequestInit & { duplex?: "half" } = { method: req.method };
    let fastTried = false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      const declared = Number(req.headers["content-length"] ?? "NaN");
      if (Number.isSafeInteger(declared) && declared >= 0 && declared <= bufferUpTo) {
        const body = await wholeBody(req);
        const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
        const fast = await handler.uploadWhole?.({
          method: req.method ?? "GET",
          url,
          headers: nodeHeaders(req),
          bytes,
        });
        if (typeof fast === "string")
          return send(res, 200, { ...headers, "content-type": "application/json" }, fast);
        if (fast) return sendResponse(res, headers, fast);
        fastTried = fast === null && handler.uploadWhole !== undefined;
        init.body = bytes;
      } else {
        init.body = bodyStream(req);
        init.duplex = "half"; // a streamed request body (the handler counts it against the limit)
      }
    }
    init.headers = requestHeaders(req); // built only here: the fast path never needs them
    await sendResponse(res, headers, await handler(new Request(url, init), { fastTried }));
  };
}

async function sendResponse(
  res: ServerResponse,
  headers: Record<string, string>,
  response: Response,
) {
  const out: Record<string, string> = { ...headers };
  response.headers.forEach((value, name) => (out[name] = value));
  send(res, response.status, out, Buffer.from(await response.arrayBuffer()));
}

function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
) {
  res.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) });
  res.end(body);
}

/** A node request's headers read as fetch's Headers.get reads them (repeats joined with ", "). */
function nodeHeaders(req: IncomingMessage): Pick<Headers, "get"> {
  return {
    get(name: string) {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
    },
  };
}

/** The body of a request whose declared length is small: read whole (node checks the length). */
function wholeBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

/**
 * The request body as a web stream. Cancelling it (the handler refused the body as too large)
 * discards the rest instead of destroying the socket, so the refusal still reaches the client.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  const onData = (controller: ReadableStreamDefaultController<Uint8Array>) => (chunk: Buffer) => {
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  let listener: ((chunk: Buffer) => void) | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      listener = onData(controller);
      req.on("data", listener);
      req.once("end", () => controller.close());
      req.once("error", (error) => controller.error(error));
    },
    pull() {
      req.resume();
    },
    cancel() {
      if (listener) req.off("data", listener);
      req.removeAllListeners("end");
      req.resume();
    },
  });
}

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}
