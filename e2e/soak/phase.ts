import { kindOf, type Session } from "./traffic";

export type PhaseReport = {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  byKind: Record<string, { count: number; p99: number; statuses: Record<number, number> }>;
  /** Requests answered with a status their kind does not expect, or not answered at all. */
  failures: string[];
};

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

/** Sends requests [from, from + count) of the deterministic mix with `concurrency` in flight. */
export async function runPhase(
  s: Session,
  from: number,
  count: number,
  concurrency: number,
  onProgress?: (done: number) => void,
): Promise<PhaseReport> {
  const latencies: number[] = [];
  const byKind = new Map<string, { latencies: number[]; statuses: Record<number, number> }>();
  const failures: string[] = [];
  let next = from;
  const started = performance.now();
  async function worker() {
    while (next < from + count) {
      const i = next++;
      const kind = kindOf(i);
      const t0 = performance.now();
      let status: number;
      try {
        const response = await kind.send(s, i);
        status = response.status;
        const body = await response.text();
        if (!kind.ok.includes(status))
          failures.push(`#${i} ${kind.name}: ${status} ${body.slice(0, 200)}`);
      } catch (error) {
        status = 0;
        failures.push(`#${i} ${kind.name}: no answer (${(error as Error).message})`);
      }
      const ms = performance.now() - t0;
      if ((i - from + 1) % 1000 === 0) onProgress?.(i - from + 1);
      latencies.push(ms);
      const entry = byKind.get(kind.name) ?? { latencies: [], statuses: {} };
      entry.latencies.push(ms);
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
      byKind.set(kind.name, entry);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: count,
    seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    byKind: Object.fromEntries(
      [...byKind].map(([name, e]) => [
        name,
        {
          count: e.latencies.length,
          p99: quantile(
            e.latencies.sort((a, b) => a - b),
            0.99,
          ),
          statuses: e.statuses,
        },
      ]),
    ),
    failures,
  };
}
