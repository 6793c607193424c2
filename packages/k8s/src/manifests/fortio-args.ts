import type { TBenchmarkDefinition, TTrialCoordinates } from "@meshbench/contracts";
import { ECHO_GRPC_PORT, ECHO_HTTP_PORT } from "./target";
import { TARGET_NAME } from "../labels";

/** Where the load goes: the echo Service of the variant's namespace, or the user's Service URL. */
export function targetUrl(
  target: TBenchmarkDefinition["target"],
  namespace: string,
  protocol: TTrialCoordinates["protocol"],
) {
  if (target.kind === "service-url") {
    if (protocol !== "grpc") return target.url;
    const u = new URL(target.url);
    return `${u.hostname}:${u.port || ECHO_GRPC_PORT}`;
  }
  const host = `${TARGET_NAME}.${namespace}.svc.cluster.local`;
  return protocol === "grpc"
    ? `${host}:${ECHO_GRPC_PORT}`
    : `http://${host}:${ECHO_HTTP_PORT}/echo`;
}

export type FortioArgsInput = {
  coordinates: TTrialCoordinates;
  durationSeconds: number;
  fortio: TBenchmarkDefinition["methodology"]["fortio"];
  url: string;
  /** Fortio's -labels, echoed back in the result so it identifies the trial on its own. */
  label: string;
};

function loadFlags(input: FortioArgsInput, durationSeconds: number) {
  const c = input.coordinates;
  const flags = [
    "-qps",
    c.requestedQps === null ? "0" : String(c.requestedQps),
    "-c",
    String(c.connections),
    "-t",
    `${durationSeconds}s`,
    "-r",
    String(input.fortio.resolutionSeconds),
  ];
  if (input.fortio.uniform) flags.push("-uniform");
  if (input.fortio.noCatchUp) flags.push("-nocatchup");
  if (c.payloadBytes > 0) flags.push("-payload-size", String(c.payloadBytes));
  if (c.protocol === "h2") flags.push("-h2");
  if (c.protocol === "grpc") flags.push("-grpc", "-ping");
  if (!c.keepAlive) flags.push("-keepalive=false");
  return flags;
}

/** The measured run: `-json -` prints the full result (with histogram) on stdout for the log API. */
export function buildFortioArgs(input: FortioArgsInput) {
  return [
    "load",
    "-json",
    "-",
    "-labels",
    input.label,
    ...loadFlags(input, input.durationSeconds),
    input.url,
  ];
}

/** Warm-up: same load, not recorded. */
export function buildWarmupArgs(input: FortioArgsInput, warmupSeconds: number) {
  return ["load", ...loadFlags(input, warmupSeconds), input.url];
}

/** The command line as a person would type it (stored in the run's environment snapshot). */
export function commandLine(image: string, args: string[]) {
  return (
    [
      `fortio`,
      ...args.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`)),
    ].join(" ") + `  # ${image}`
  );
}
