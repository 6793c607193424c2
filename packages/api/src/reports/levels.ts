import type { TLoadLevel, TTrialRecord } from "@meshbench/contracts";

/** A trial's load level: its key without the repetition ("qps-500/c8/p0/http1/ka"). */
export function levelOf(
  t: Pick<TTrialRecord, "requestedQps" | "connections" | "payloadBytes" | "protocol" | "keepAlive">,
): TLoadLevel {
  const qps = t.requestedQps === null ? "max" : String(t.requestedQps);
  return {
    key: `qps-${qps}/c${t.connections}/p${t.payloadBytes}/${t.protocol}/${t.keepAlive ? "ka" : "noka"}`,
    requestedQps: t.requestedQps,
    connections: t.connections,
    payloadBytes: t.payloadBytes,
    protocol: t.protocol,
    keepAlive: t.keepAlive,
  };
}

/** "500 QPS · 8 conns", with payload, protocol and keep-alive only when they are not defaults. */
export function levelLabel(l: TLoadLevel): string {
  const parts = [
    l.requestedQps === null ? "max QPS" : `${l.requestedQps} QPS`,
    `${l.connections} conns`,
  ];
  if (l.payloadBytes > 0) parts.push(`${l.payloadBytes} B`);
  if (l.protocol !== "http1") parts.push(l.protocol);
  if (!l.keepAlive) parts.push("no keep-alive");
  return parts.join(" · ");
}

/** Levels sorted by connections, then requested QPS ("max" last), then the rest of the key. */
export function sortLevels(levels: TLoadLevel[]): TLoadLevel[] {
  const q = (l: TLoadLevel) => l.requestedQps ?? Number.POSITIVE_INFINITY;
  return [...levels].sort(
    (a, b) => a.connections - b.connections || q(a) - q(b) || a.key.localeCompare(b.key),
  );
}

/** Baseline first (by name), then the rest alphabetically. */
export function sortVariants(variants: Iterable<string>): string[] {
  return [...new Set(variants)].sort(
    (a, b) => Number(b === "baseline") - Number(a === "baseline") || a.localeCompare(b),
  );
}
