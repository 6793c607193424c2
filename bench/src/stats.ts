/** Nearest-rank quantile (0–1) of a sample; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

export function ms(value: number): string {
  if (!Number.isFinite(value)) return "n/a";
  return value >= 100
    ? `${value.toFixed(0)} ms`
    : value >= 1
      ? `${value.toFixed(1)} ms`
      : `${value.toFixed(3)} ms`;
}

export const ratio = (value: number, reference: number) =>
  Number.isFinite(value) && Number.isFinite(reference) && reference > 0
    ? `${(value / reference).toFixed(2)}×`
    : "n/a";

export const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));

/** Runs `task` from `clients` concurrent loops until `count` calls were started or `seconds` passed. */
export async function closedLoop(
  clients: number,
  limits: { count: number; seconds: number },
  task: (i: number) => Promise<void>,
): Promise<{ latencies: number[]; wallSeconds: number; errors: number }> {
  const latencies: number[] = [];
  let started = 0;
  let errors = 0;
  const begin = performance.now();
  const deadline = begin + limits.seconds * 1000;
  const loop = async () => {
    while (started < limits.count && performance.now() < deadline) {
      const i = started++;
      const t0 = performance.now();
      try {
        await task(i);
        latencies.push(performance.now() - t0);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  return { latencies, wallSeconds: (performance.now() - begin) / 1000, errors };
}
