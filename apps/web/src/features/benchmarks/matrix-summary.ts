import type { TBenchmarkDefinition } from "@meshbench/contracts";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 QPS (100, 1000, max) × 1 conn (8) × 1 payload × http1 · keep-alive · 3 reps" */
export function matrixSummary(
  def: Pick<TBenchmarkDefinition, "loadMatrix" | "repetitions">,
): string {
  const m = def.loadMatrix;
  return [
    `${m.qps.length} QPS (${m.qps.join(", ")})`,
    `${plural(m.connections.length, "conn")} (${m.connections.join(", ")})`,
    `${plural(m.payloadBytes.length, "payload")} (${m.payloadBytes.join(", ")} B)`,
    m.protocols.join("/"),
  ]
    .join(" × ")
    .concat(
      ` · keep-alive ${m.keepAlive.map((k) => (k ? "on" : "off")).join("/")}`,
      ` · ${plural(def.repetitions, "rep")}`,
    );
}
