import type { TLoadLevel } from "@meshbench/contracts";

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
