import { randomUUID } from "node:crypto";
import { pino, stdTimeFunctions, type DestinationStream, type Logger } from "pino";

export type { Logger };

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// Never log credentials, whatever object a caller passes in.
const REDACT = [
  "password",
  "token",
  "secret",
  "authorization",
  "cookie",
  "kubeconfig",
  "*.password",
  "*.token",
  "*.secret",
  "*.authorization",
  "*.cookie",
  "*.kubeconfig",
  "headers.authorization",
  "headers.cookie",
];

/** One JSON line per event on stdout: {level, time, component, msg, ...}. */
export function createLogger(options: {
  component: string;
  level?: LogLevel;
  destination?: DestinationStream;
}): Logger {
  return pino(
    {
      level: options.level ?? "info",
      base: { component: options.component },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT, censor: "[redacted]" },
    },
    options.destination,
  );
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's (or ingress's) X-Request-Id when it looks sane, else a new one. */
export function requestIdFrom(headers: { get(name: string): string | null }): string {
  const given = headers.get("x-request-id");
  return given && SAFE_ID.test(given) ? given : randomUUID();
}
