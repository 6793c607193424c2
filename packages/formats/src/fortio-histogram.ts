import type { THistogram, THistogramBucket } from "@meshbench/contracts";
import { IMPORT_LIMITS, ImportError } from "./errors";
import {
  at,
  requireArray,
  requireCount,
  requireNumber,
  requireObject,
  type JsonObject,
} from "./json-reader";

export interface ReportedPercentile {
  percentile: number;
  value: number;
}

export interface FortioHistogramRead {
  histogram: THistogram;
  /** The source's own `Percentiles` (kept to show, and to check our recomputation against). */
  reported: ReportedPercentile[];
}

const latency = (v: unknown, path: string) =>
  requireNumber(v, path, { min: 0, max: IMPORT_LIMITS.maxLatencySeconds });

function readBuckets(data: unknown[], path: string, stringCounts: boolean): THistogramBucket[] {
  const buckets: THistogramBucket[] = [];
  let previousEnd = Number.NEGATIVE_INFINITY;
  data.forEach((raw, i) => {
    const p = at(path, i);
    const b = requireObject(raw, p);
    const start = latency(b["Start"], at(p, "Start"));
    const end = latency(b["End"], at(p, "End"));
    const count = requireCount(b["Count"], at(p, "Count"), stringCounts);
    if (end < start)
      throw new ImportError(at(p, "End"), `must not be below Start (${end} < ${start})`);
    if (start < previousEnd) {
      throw new ImportError(
        at(p, "Start"),
        `buckets must not overlap or go backwards (starts at ${start}, before the previous bucket's End ${previousEnd})`,
      );
    }
    previousEnd = end;
    buckets.push({ start, end, count });
  });
  return buckets;
}

function readReported(v: unknown, path: string): ReportedPercentile[] {
  if (v === undefined || v === null) return [];
  return requireArray(v, path, 1000).map((raw, i) => {
    const o = requireObject(raw, at(path, i));
    return {
      percentile: requireNumber(o["Percentile"], at(at(path, i), "Percentile"), {
        min: 0,
        max: 100,
      }),
      value: latency(o["Value"], at(at(path, i), "Value")),
    };
  });
}

function checkConsistency(h: THistogram, buckets: THistogramBucket[], path: string) {
  const dataPath = at(path, "Data");
  const total = buckets.reduce((a, b) => a + b.count, 0);
  if (total !== h.count)
    throw new ImportError(at(path, "Count"), `is ${h.count} but the buckets add up to ${total}`);
  if (h.max < h.min)
    throw new ImportError(at(path, "Max"), `must not be below Min (${h.max} < ${h.min})`);
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  if (first && first.start < h.min)
    throw new ImportError(at(at(dataPath, 0), "Start"), `is below Min (${first.start} < ${h.min})`);
  if (last && last.end > h.max)
    throw new ImportError(
      at(at(dataPath, buckets.length - 1), "End"),
      `is above Max (${last.end} > ${h.max})`,
    );
  const slack = 1e-9 * Math.max(1, h.count);
  if (
    h.count > 0 &&
    (h.sum < h.count * h.min * (1 - slack) || h.sum > h.count * h.max * (1 + slack))
  ) {
    throw new ImportError(
      at(path, "Sum"),
      `is ${h.sum}, impossible for ${h.count} values between Min and Max`,
    );
  }
}

/**
 * Fortio's HistogramData (seconds) as a canonical histogram. Bucket edges are kept exactly as
 * written (they are exact doubles in the JSON); empty buckets are dropped (Nighthawk writes
 * some; they hold no samples and change no statistic). `stringCounts` accepts uint64 counts as
 * strings, as Nighthawk's Fortio-compatible output writes them.
 */
export function readFortioHistogram(
  v: unknown,
  path: string,
  stringCounts: boolean,
): FortioHistogramRead {
  const o: JsonObject = requireObject(v, path);
  const count = requireCount(o["Count"], at(path, "Count"), stringCounts);
  const min = latency(o["Min"], at(path, "Min"));
  const max = latency(o["Max"], at(path, "Max"));
  const sum = requireNumber(o["Sum"], at(path, "Sum"), { min: 0 });
  const stddev =
    o["StdDev"] === undefined ? null : requireNumber(o["StdDev"], at(path, "StdDev"), { min: 0 });
  const rawData = o["Data"];
  const data =
    rawData === null || rawData === undefined ? [] : requireArray(rawData, at(path, "Data"));
  if (count > 0 && data.length === 0)
    throw new ImportError(at(path, "Data"), `has no buckets but Count is ${count}`);
  const buckets = readBuckets(data, at(path, "Data"), stringCounts);
  const histogram: THistogram = { count, min, max, sum, stddev, buckets: [] };
  checkConsistency(histogram, buckets, path);
  histogram.buckets = buckets.filter((b) => b.count > 0);
  return { histogram, reported: readReported(o["Percentiles"], at(path, "Percentiles")) };
}

/** Count/min/max/avg of a secondary Fortio histogram (sizes, connection times) for meta. */
export function histogramDigest(v: unknown, path: string, stringCounts: boolean) {
  if (v === undefined || v === null) return undefined;
  const o = requireObject(v, path);
  const count = requireCount(o["Count"], at(path, "Count"), stringCounts);
  const num = (key: string) => requireNumber(o[key], at(path, key), { min: 0 });
  return { count, min: num("Min"), max: num("Max"), avg: count > 0 ? num("Sum") / count : 0 };
}
