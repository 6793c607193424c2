import type { TProtocol } from "@meshbench/contracts";
import { checkDuration, parseGoDuration } from "./durations";
import { IMPORT_LIMITS, ImportError, preview } from "./errors";
import { at, requireCount, requireObject, type JsonObject } from "./json-reader";

export const KNOWN_RUN_TYPES = "HTTP, GRPC Ping, GRPC Health, TCP, UDP";

/**
 * Fortio decorates gRPC run types ("GRPC Ping Delay=1s PayloadLength=10"). "Custom GRPC Method
 * ... and Payload <payload>" is refused: it is not a latency benchmark we can compare, and its
 * run type embeds the payload, which must not be stored or echoed.
 */
export function protocolOf(runType: string, h2: boolean): TProtocol {
  if (runType === "HTTP") return h2 ? "h2" : "http1";
  if (runType === "TCP") return "tcp";
  if (runType === "UDP") return "udp";
  if (/^GRPC (Ping|Health)( |$)/.test(runType)) return "grpc";
  throw new ImportError(
    "RunType",
    `unknown run type ${preview(runType.slice(0, 24))} (known: ${KNOWN_RUN_TYPES})`,
  );
}

/** "max" (or absent) → null; Fortio writes a string, Nighthawk's Fortio output a number. */
export function requestedQpsOf(v: unknown): number | null {
  if (v === undefined || v === null || v === "max") return null;
  const n =
    typeof v === "number"
      ? v
      : typeof v === "string" && /^\d+(\.\d+)?$/.test(v)
        ? Number(v)
        : Number.NaN;
  if (!(n > 0) || n > IMPORT_LIMITS.maxQps) {
    throw new ImportError(
      "RequestedQPS",
      `must be a positive number of requests per second or "max", not ${preview(v)}`,
    );
  }
  return n;
}

/** "10s" / "1m0s" → seconds; "exactly N calls" and "until stop" → no fixed duration. */
export function requestedDurationOf(v: unknown): { seconds: number | null; exactlyCalls?: number } {
  if (v === undefined || v === null || v === "until stop") return { seconds: null };
  if (typeof v !== "string") throw new ImportError("RequestedDuration", "must be a string");
  const exactly = /^exactly (\d{1,15}) calls$/.exec(v);
  if (exactly) return { seconds: null, exactlyCalls: Number(exactly[1]) };
  const seconds = parseGoDuration(v);
  if (seconds === null)
    throw new ImportError("RequestedDuration", `must be a duration like "10s", not ${preview(v)}`);
  return { seconds: checkDuration(seconds, "RequestedDuration") };
}

/**
 * Payload length in bytes; the contents are never kept. HTTP/TCP/UDP payloads are Go []byte,
 * i.e. base64 in JSON; the gRPC ping payload is a plain string.
 */
export function payloadBytesOf(v: unknown, protocol: TProtocol): number {
  if (v === undefined || v === null || v === "") return 0;
  if (typeof v !== "string") throw new ImportError("Payload", "must be a string");
  if (protocol === "grpc") return new TextEncoder().encode(v).length;
  if (v.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(v))
    throw new ImportError("Payload", "must be base64");
  return (v.length / 4) * 3 - (v.endsWith("==") ? 2 : v.endsWith("=") ? 1 : 0);
}

export function retCodesOf(v: unknown, stringCounts: boolean): Record<string, number> {
  if (v === undefined || v === null) return {};
  const o = requireObject(v, "RetCodes");
  const entries = Object.entries(o);
  if (entries.length > IMPORT_LIMITS.maxRetCodes)
    throw new ImportError("RetCodes", `has more than ${IMPORT_LIMITS.maxRetCodes} codes`);
  return Object.fromEntries(
    entries.map(([code, n]) => [code, requireCount(n, at("RetCodes", code), stringCounts)]),
  );
}

/** Scheme, host, port and path only: user info and query strings can carry credentials. */
export function safeUrl(v: unknown): string | undefined {
  if (typeof v !== "string" || v === "") return undefined;
  try {
    const u = new URL(v);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return undefined;
  }
}

/** Copies the listed scalar fields that are present, under camelCase names. */
export function pickScalars(
  doc: JsonObject,
  keys: Record<string, string>,
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [from, to] of Object.entries(keys)) {
    const v = doc[from];
    if (
      typeof v === "string" ||
      typeof v === "boolean" ||
      (typeof v === "number" && Number.isFinite(v))
    )
      out[to] = v;
  }
  return out;
}
