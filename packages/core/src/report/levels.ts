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

/** The report's level order: connections, then requested QPS ("max" last), then the key. */
export function compareLevels(a: TLoadLevel, b: TLoadLevel): number {
  const q = (l: TLoadLevel) => l.requestedQps ?? Number.POSITIVE_INFINITY;
  return a.connections - b.connections || q(a) - q(b) || a.key.localeCompare(b.key);
}

/** Levels in the report's order (compareLevels): numbers as numbers, never as text. */
export function sortLevels(levels: TLoadLevel[]): TLoadLevel[] {
  return [...levels].sort(compareLevels);
}

/** Baseline first (by name), then the rest alphabetically. */
export function sortVariants(variants: Iterable<string>): string[] {
  return [...new Set(variants)].sort(
    (a, b) => Number(b === "baseline") - Number(a === "baseline") || a.localeCompare(b),
  );
}
