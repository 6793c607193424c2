/*
 * Test-only: Fortio 1.68's stats.Histogram (Counter.RecordN, Histogram.record, Export and
 * Counter.StdDev in fortio.org/fortio/stats/stats.go) transcribed line for line, so tests can
 * bucket raw samples exactly as a Fortio pod would. Deliberately independent of core's
 * fortio-grid helpers: it is the reference they are checked against.
 */
import type { THistogram, THistogramBucket } from "@meshbench/contracts";

const VALUES = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90,
  100, 120, 140, 160, 180, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000, 2000, 3000,
  4000, 5000, 7500, 10000, 20000, 30000, 40000, 50000, 75000, 100000,
];
const NUM_VALUES = VALUES.length;
const NUM_BUCKETS = NUM_VALUES + 1;
const FIRST_VALUE = VALUES[0]!;
const LAST_VALUE = VALUES[NUM_VALUES - 1]!;
const MAX_ARRAY_VALUE = 1000;
const MAX_ARRAY_VALUE_INDEX = VALUES.indexOf(MAX_ARRAY_VALUE);

const VAL2BUCKET: number[] = (() => {
  const table: number[] = [];
  let idx = 0;
  for (let i = 0; i < MAX_ARRAY_VALUE; i++) {
    if (i >= VALUES[idx]!) idx++;
    table[i] = idx;
  }
  return table;
})();

function lookUpIdx(scaledValue: number): number {
  if (scaledValue < MAX_ARRAY_VALUE) {
    const idx = VAL2BUCKET[scaledValue];
    if (idx === undefined) throw new Error(`Fortio would panic: index ${scaledValue}`);
    return idx;
  }
  for (let i = MAX_ARRAY_VALUE_INDEX; i < NUM_VALUES; i++) if (VALUES[i]! > scaledValue) return i;
  throw new Error("never reached/bug");
}

/** The histogram Fortio exports after recording `samples` in this order at `-r resolution`. */
export function recordLikeFortio(samples: readonly number[], resolution: number): THistogram {
  const offset = 0;
  let count = 0;
  let min = 0;
  let max = 0;
  let sum = 0;
  let sumOfSquares = 0;
  const hdata = new Array<number>(NUM_BUCKETS).fill(0);
  for (const v of samples) {
    const isFirst = count === 0;
    count += 1;
    if (isFirst) {
      min = v;
      max = v;
    } else if (v < min) min = v;
    else if (v > max) max = v;
    const s = v * 1;
    sum += s;
    sumOfSquares += s * s;
    const scaledVal = (v - offset) / resolution;
    let idx: number;
    if (scaledVal <= FIRST_VALUE) idx = 0;
    else if (scaledVal > LAST_VALUE) idx = NUM_BUCKETS - 1;
    else {
      let svInt = Math.trunc(scaledVal);
      const delta = scaledVal - svInt;
      if (delta < 1e-12) svInt--;
      idx = lookUpIdx(svInt);
    }
    hdata[idx]! += 1;
  }
  const sigma = count === 0 ? 0 : (sumOfSquares - (sum * sum) / count) / count;
  const stddev = sigma < 0 ? 0 : Math.sqrt(sigma);
  const buckets: THistogramBucket[] = [];
  let lastIdx = -1;
  for (let i = NUM_BUCKETS - 1; i >= 0; i--)
    if (hdata[i]! > 0) {
      lastIdx = i;
      break;
    }
  let prev = VALUES[0]!;
  for (let i = 0; i <= lastIdx; i++) {
    if (hdata[i] === 0) {
      if (i < NUM_VALUES) prev = VALUES[i]!;
      continue;
    }
    const b: THistogramBucket = { start: 0, end: 0, count: hdata[i]! };
    b.start = buckets.length === 0 ? min : resolution * prev + offset;
    if (i < NUM_VALUES) {
      const cur = VALUES[i]!;
      b.end = resolution * cur + offset;
      prev = cur;
    } else {
      b.start = resolution * prev + offset;
      b.end = max;
    }
    buckets.push(b);
  }
  if (buckets.length > 0) buckets[buckets.length - 1]!.end = max;
  return { count, min, max, sum, stddev, buckets };
}
