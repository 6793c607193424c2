/**
 * Merging N load generators' histograms into one trial's (issue 25): the exact merge on Fortio's
 * grid plus the trial's summary, against the floor of reading every input bucket once.
 */
import type { THistogram } from "@meshbench/contracts";
import { mergeHistograms, summarizeHistogram } from "@meshbench/core";
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
  const resolution = trials[0]?.resolutionSeconds ?? undefined;
  const pool: THistogram[] = trials
    .filter((t) => t.resolutionSeconds === (resolution ?? null))
    .flatMap((t) => (t.histogram ? [t.histogram] : []));
  if (pool.length === 0 || resolution === undefined) throw new Error("no Fortio histograms");
  return counts.map((n) => {
    const hs = Array.from({ length: n }, (_, i) => pool[i % pool.length]!);
    const merge = () => {
      const merged = mergeHistograms(hs, { fortioResolution: resolution });
      return summarizeHistogram(merged).p9999 ?? 0;
    };
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
