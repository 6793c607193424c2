/**
 * Merging N load generators' results into one trial's (issue 25, core's mergeGeneratorResults):
 * the exact histogram merge on Fortio's grid, the summary recomputed from it and the counts,
 * against the floor of reading every input bucket once.
 */
import type { TTrialResult } from "@meshbench/contracts";
import { mergeGeneratorResults } from "@meshbench/core";
import type { DemoTrialFile } from "@meshbench/demo";
import { importFortioJson } from "@meshbench/formats";
import { median, quantile } from "./stats";

export type GeneratorMergeFigure = {
  generators: number;
  buckets: number;
  merge: { p50: number; p95: number };
  touch: { p50: number; p95: number };
};

/** Milliseconds per call, each sample the mean of a batch: one call is below the timer's grain. */
function time(fn: () => number, iterations: number, batch = 50) {
  const times: number[] = [];
  let sink = 0;
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    for (let j = 0; j < batch; j++) sink += fn();
    times.push((performance.now() - t0) / batch);
  }
  return { p50: median(times), p95: quantile(times, 0.95), sink };
}

/** One figure per N: N generator histograms (demo trials at one resolution) merged exactly. */
export function benchGeneratorMerge(
  files: DemoTrialFile[],
  counts: readonly number[],
  iterations: number,
): GeneratorMergeFigure[] {
  const trials = files.map((f) => importFortioJson(f.text));
  const [first] = trials;
  const pool: TTrialResult[] = trials.filter(
    (t) =>
      t.histogram !== null &&
      t.resolutionSeconds === first?.resolutionSeconds &&
      t.protocol === first.protocol &&
      t.keepAlive === first.keepAlive &&
      t.payloadBytes === first.payloadBytes,
  );
  if (pool.length === 0) throw new Error("no Fortio histograms");
  return counts.map((n) => {
    const results = Array.from({ length: n }, (_, i) => pool[i % pool.length]!);
    const hs = results.map((r) => r.histogram!);
    const merge = () => mergeGeneratorResults(results).summary.p9999 ?? 0;
    const touch = () => {
      let total = 0;
      for (const h of hs) for (const b of h.buckets) total += b.count * b.end;
      return total;
    };
    time(merge, iterations); // warm up (JIT)
    time(touch, iterations);
    const buckets = hs.reduce((a, h) => a + h.buckets.length, 0);
    const m = time(merge, iterations);
    const t = time(touch, iterations);
    return {
      generators: n,
      buckets,
      merge: { p50: m.p50, p95: m.p95 },
      touch: { p50: t.p50, p95: t.p95 },
    };
  });
}
