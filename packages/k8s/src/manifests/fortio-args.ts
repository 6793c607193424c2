import type { TBenchmarkDefinition, TEntryPoint, TTrialCoordinates } from "@meshbench/contracts";
import { ECHO_GRPC_PORT, ECHO_HTTP_PORT } from "./target";
import { TARGET_NAME } from "../labels";

/** Where the load goes: the echo Service of the variant's namespace, or the user's Service URL. */
export function targetUrl(
  target: TBenchmarkDefinition["target"],
  namespace: string,
  protocol: TTrialCoordinates["protocol"],
  variant: string,
  /** The variant's own entry (e.g. a proxy's Service), which overrides the target's. */
  entry?: TEntryPoint,
) {
  if (entry) {
    const host = `${entry.service}.${namespace}.svc.cluster.local`;
    if (protocol === "grpc") return `${host}:${entry.port}`;
    if (protocol === "tcp") return `tcp://${host}:${entry.port}`;
    return `http://${host}:${entry.port}${entry.path}`;
  }
  if (target.kind === "service-url") {
    const url = target.variantUrls[variant] ?? target.url;
    if (!url) throw new Error(`no URL for variant ${variant}`);
    if (protocol !== "grpc") return url;
    const u = new URL(url);
    return `${u.hostname}:${u.port || ECHO_GRPC_PORT}`;
  }
  const host = `${TARGET_NAME}.${namespace}.svc.cluster.local`;
  return protocol === "grpc"
    ? `${host}:${ECHO_GRPC_PORT}`
    : `http://${host}:${ECHO_HTTP_PORT}/echo`;
}
