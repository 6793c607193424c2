import type { ConnectionOptions } from "node:tls";
import { Agent, buildConnector, type Dispatcher } from "undici";
import type { OutboundPolicy } from "./policy";
import { resolveAllowed, type Resolver } from "./resolve";

export type OutboundAgentOptions = {
  /** TLS material and verification for https (CA, client certificate, servername, verify). */
  tls?: Pick<ConnectionOptions, "ca" | "cert" | "key" | "rejectUnauthorized" | "servername">;
  /** Largest response body accepted, in bytes (a hostile server cannot fill our memory). */
  maxResponseBytes?: number;
  /** Connect, first-byte and between-bytes timeouts. */
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Tests inject a resolver whose answer changes between calls. */
  resolver?: Resolver;
};

export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * An undici dispatcher whose every new connection is resolved and judged by the policy, then
 * made to exactly the address that was judged (TLS still verifies the original name, or the
 * kubeconfig's `tls-server-name`). There is no separate "check" that a later DNS answer could
 * outrun: the resolution the policy judged is the one the socket uses. No proxies, ever.
 */
export function createOutboundAgent(
  policy: OutboundPolicy,
  options: OutboundAgentOptions = {},
): Dispatcher {
  const connect = buildConnector({
    ...options.tls,
    timeout: options.connectTimeoutMs ?? 10_000,
    keepAlive: true,
    keepAliveInitialDelay: 30_000,
  });
  return new Agent({
    maxResponseSize: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    headersTimeout: options.headersTimeoutMs ?? 60_000,
    bodyTimeout: options.bodyTimeoutMs ?? 60_000,
    connect: (opts, callback) => {
      resolveAllowed(policy, opts.hostname, options.resolver).then(
        (address) =>
          connect(
            {
              ...opts,
              hostname: address,
              servername: options.tls?.servername ?? serverNameOf(opts.hostname),
            },
            callback,
          ),
        (error: Error) => callback(error, null),
      );
    },
  });
}

/** SNI and certificate checks use the name the tenant gave; an address literal sends no SNI. */
function serverNameOf(hostname: string) {
  const bare = hostname.replace(/^\[|\]$/g, "");
  return /^[\d.]+$/.test(bare) || bare.includes(":") ? undefined : bare;
}
