import { lookup } from "node:dns/promises";
import { judgeAddress, parseAddress, type OutboundPolicy } from "./policy";

/**
 * Refused by the outbound address policy. The message says what to do, never what a server or
 * resolver answered (a tenant must not learn our network from it).
 */
export class OutboundRefusedError extends Error {
  override readonly name = "OutboundRefusedError";
  readonly code = "EOUTBOUNDREFUSED";
}

/** Answers a host name with addresses (tests inject one whose answer changes between calls). */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * The address to connect to for `hostname`, checked against the policy at the moment of the
 * connection. A name is refused when any of its answers is refused (a name that mixes internal
 * and public answers is a rebinding attempt, not a cluster). Called by the connector for every new
 * connection, so an answer that changes between registration and use is caught.
 */
export async function resolveAllowed(
  policy: OutboundPolicy,
  hostname: string,
  resolver: Resolver = systemResolver,
): Promise<string> {
  const literal = parseAddress(hostname);
  if (literal) {
    const verdict = judgeAddress(policy, literal.toString());
    if (!verdict.allowed)
      throw new OutboundRefusedError(
        `connections to ${verdict.class} addresses are not allowed by this installation's outbound policy`,
      );
    return literal.toString();
  }
  let answers: string[];
  try {
    answers = await resolver(hostname);
  } catch {
    throw new OutboundRefusedError("the host name does not resolve");
  }
  if (answers.length === 0) throw new OutboundRefusedError("the host name does not resolve");
  if (answers.some((a) => !judgeAddress(policy, a).allowed))
    throw new OutboundRefusedError(
      "the host name resolves to an address this installation's outbound policy does not allow",
    );
  return answers[0]!;
}

const SCHEMES = new Set(["https:", "http:"]);

/**
 * A tenant-supplied URL we will connect to: `https:`/`http:` only, no credentials in it; an address
 * literal is judged now (names are judged at each connection). Returns the parsed URL. The
 * WHATWG parser has already turned `127.1`, `2130706433` and `0x7f000001` into `127.0.0.1`.
 */
export function checkOutboundUrl(policy: OutboundPolicy, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRefusedError("not a valid URL");
  }
  if (!SCHEMES.has(url.protocol))
    throw new OutboundRefusedError("only https:// and http:// URLs are allowed");
  if (url.username || url.password)
    throw new OutboundRefusedError("credentials in the URL are not allowed");
  if (!url.hostname) throw new OutboundRefusedError("the URL has no host");
  const literal = parseAddress(url.hostname);
  if (literal) {
    const verdict = judgeAddress(policy, literal.toString());
    if (!verdict.allowed)
      throw new OutboundRefusedError(
        `connections to ${verdict.class} addresses are not allowed by this installation's outbound policy`,
      );
  }
  return url;
}
