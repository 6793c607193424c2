import { fetch, type Dispatcher } from "undici";
import { createOutboundAgent, type OutboundAgentOptions } from "./dispatcher";
import type { OutboundPolicy } from "./policy";
import { checkOutboundUrl, OutboundRefusedError } from "./resolve";

/**
 * What we may tell a tenant about a failed outbound request: a category, never the text a remote
 * server, a resolver or our own file system produced. Details belong in our log (without secrets).
 */
export function describeOutboundError(error: unknown): string {
  const seen = new Set<unknown>();
  let e: unknown = error;
  while (e && typeof e === "object" && !seen.has(e)) {
    seen.add(e);
    if (e instanceof OutboundRefusedError) return `refused: ${e.message}`;
    const { code, name } = e as { code?: unknown; name?: unknown };
    if (name === "TimeoutError" || name === "AbortError") return "timed out";
    if (typeof code === "string") {
      if (code === "UND_ERR_RES_EXCEEDED_MAX_SIZE") return "response too large";
      if (code.startsWith("UND_ERR_CONNECT_TIMEOUT") || code === "ETIMEDOUT") return "timed out";
      if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") return "timed out";
      if (code === "ECONNREFUSED") return "unreachable (connection refused)";
      if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "unreachable (host not found)";
      if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET")
        return "unreachable (connection closed)";
      if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return "unreachable";
      if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/.test(code))
        return "TLS failed (the server's certificate was not accepted)";
    }
    e = (e as { cause?: unknown }).cause;
  }
  return "unreachable";
}

export type OutboundResponse = { status: number; contentType: string | null; text: string };

/**
 * One GET to a tenant-supplied URL under the policy (scheme, address after DNS, no proxy, no
 * redirects followed, bounded size and time). Network failures throw; any HTTP status returns.
 */
export async function outboundGet(
  policy: OutboundPolicy,
  url: string,
  options: OutboundAgentOptions & { timeoutMs?: number; dispatcher?: Dispatcher } = {},
): Promise<OutboundResponse> {
  const checked = checkOutboundUrl(policy, url);
  const dispatcher = options.dispatcher ?? createOutboundAgent(policy, options);
  try {
    const res = await fetch(checked, {
      dispatcher,
      redirect: "manual",
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    return {
      status: res.status,
      contentType: res.headers.get("content-type"),
      text: await res.text(),
    };
  } finally {
    if (!options.dispatcher) void dispatcher.close();
  }
}

/**
 * One POST to a tenant-supplied URL under the policy (a webhook): same checks as `outboundGet`.
 * Only the status comes back: a receiver's body is never read into our answers or logs.
 */
export async function outboundPost(
  policy: OutboundPolicy,
  url: string,
  body: { contentType: string; text: string; headers?: Record<string, string> },
  options: OutboundAgentOptions & { timeoutMs?: number; dispatcher?: Dispatcher } = {},
): Promise<{ status: number }> {
  const checked = checkOutboundUrl(policy, url);
  const dispatcher = options.dispatcher ?? createOutboundAgent(policy, options);
  try {
    const res = await fetch(checked, {
      method: "POST",
      dispatcher,
      redirect: "manual",
      headers: { ...body.headers, "content-type": body.contentType },
      body: body.text,
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await res.body?.cancel();
    return { status: res.status };
  } finally {
    if (!options.dispatcher) void dispatcher.close();
  }
}
