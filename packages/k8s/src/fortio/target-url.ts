import type { TBenchmarkDefinition, TEntryPoint, TTrialCoordinates } from "@meshbench/contracts";
import { sampleAppEntry } from "../manifests/sample-app";
import { ECHO_GRPC_PORT, ECHO_HTTP_PORT, ECHO_TCP_PORT } from "../manifests/target";
import { TARGET_NAME } from "../manifests/labels";

type Protocol = TTrialCoordinates["protocol"];

/**
 * The URL Fortio loads for a Service of the variant's namespace: `http://` for HTTP/1.1 and h2,
 * `host:port` for gRPC, `tcp://host:port` for L4 load (the same port: the entry names it).
 */
export function entryUrl(entry: TEntryPoint, namespace: string, protocol: Protocol) {
  const host = `${entry.service}.${namespace}.svc.cluster.local:${entry.port}`;
  if (protocol === "grpc") return host;
  if (protocol === "tcp") return `tcp://${host}`;
  return `http://${host}${entry.path}`;
}

/** A user's URL for another protocol: same host and port, the scheme Fortio needs. */
function serviceUrlFor(url: string, protocol: Protocol) {
  const u = new URL(url);
  if (u.protocol === "tcp:" || protocol === "tcp")
    return `tcp://${u.hostname}:${u.port || (u.protocol === "https:" ? 443 : 80)}`;
  if (protocol === "grpc") return `${u.hostname}:${u.port || ECHO_GRPC_PORT}`;
  return url;
}

/**
 * Where the load goes: the echo Service of the variant's namespace, the sample app's entry tier,
 * the workload's entry Service, or the user's Service URL for this variant.
 */
export function targetUrl(
  target: TBenchmarkDefinition["target"],
  namespace: string,
  protocol: Protocol,
  variant: string,
  /** The variant's own entry (e.g. a proxy's Service), which overrides the target's. */
  entry?: TEntryPoint,
) {
  if (entry) return entryUrl(entry, namespace, protocol);
  switch (target.kind) {
    case "service-url": {
      const url = target.variantUrls[variant] ?? target.url;
      if (!url) throw new Error(`no URL for variant ${variant}`);
      return serviceUrlFor(url, protocol);
    }
    case "workload":
      return entryUrl(target.entry, namespace, protocol);
    case "sample-app": {
      // Its tiers proxy HTTP/1.1 (-M) and TCP (-P); gRPC and h2 would not cross the chain.
      if (protocol === "grpc" || protocol === "h2")
        throw new Error(`the sample app carries HTTP/1.1 and TCP only, not ${protocol}`);
      const service = sampleAppEntry(target);
      const port = protocol === "tcp" ? ECHO_TCP_PORT : ECHO_HTTP_PORT;
      return entryUrl({ service, port, path: "/echo" }, namespace, protocol);
    }
    case "fortio-echo": {
      const port =
        protocol === "grpc" ? ECHO_GRPC_PORT : protocol === "tcp" ? ECHO_TCP_PORT : ECHO_HTTP_PORT;
      return entryUrl({ service: TARGET_NAME, port, path: "/echo" }, namespace, protocol);
    }
  }
}

/** A protocol of the matrix the reachability check can use (HTTP fetch first, else TCP). */
export function reachabilityProtocol(protocols: readonly Protocol[]): Protocol | null {
  if (protocols.includes("http1")) return "http1";
  if (protocols.includes("h2")) return "http1";
  if (protocols.includes("tcp")) return "tcp";
  return null;
}
