import { readFileSync } from "node:fs";
import path from "node:path";
import type { THistogram } from "@meshbench/contracts";
import { demoMatrixDir } from "@meshbench/demo";

type FortioJson = {
  DurationHistogram: {
    Count: number;
    Min: number;
    Max: number;
    Sum: number;
    Data: { Start: number; End: number; Count: number }[];
    Percentiles: { Percentile: number; Value: number }[];
  };
};

export function fortioFixture(name: string): FortioJson {
  return JSON.parse(readFileSync(path.join(demoMatrixDir, name), "utf8")) as FortioJson;
}

/** Fortio's own percentile value (seconds) as printed in its JSON. */
export function fortioPercentile(name: string, p: number): number {
  const found = fortioFixture(name).DurationHistogram.Percentiles.find((x) => x.Percentile === p);
  if (!found) throw new Error(`no p${p} in ${name}`);
  return found.Value;
}

/** The fixture's histogram in the canonical shape (seconds; Fortio's buckets as they are). */
export function fortioHistogram(name: string): THistogram {
  const h = fortioFixture(name).DurationHistogram;
  return {
    count: h.Count,
    min: h.Min,
    max: h.Max,
    sum: h.Sum,
    buckets: h.Data.filter((b) => b.Count > 0).map((b) => ({
      start: b.Start,
      end: b.End,
      count: b.Count,
    })),
  };
}

export const DEMO_RUN = /nginx proxy vs baseline/;
