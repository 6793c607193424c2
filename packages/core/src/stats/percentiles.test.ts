import type { THistogram } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import {
  emptyLatencySummary,
  percentileFromHistogram,
  percentilesFromHistogram,
  SUMMARY_PERCENTILES,
  summarizeHistogram,
} from "./percentiles";
import {
  isFortioResult,
  listFortioFixtures,
  readFortioFixture,
} from "../test-support/fortio-fixtures";

const ALL = [
  ...listFortioFixtures("fortio"),
  ...listFortioFixtures("fortio/matrix"),
  ...listFortioFixtures("fortio/rest"),
];
const RESULTS = ALL.filter(isFortioResult).map(readFortioFixture);

describe("percentilesFromHistogram reproduces Fortio exactly", () => {
  it("covers every real Fortio result fixture", () => {
    expect(RESULTS.length).toBeGreaterThanOrEqual(43);
  });

  it.each(RESULTS.map((f) => [f.name, f] as const))("%s", (_, f) => {
    const ps = f.reported.map((r) => r.Percentile);
    const mine = percentilesFromHistogram(f.histogram, ps);
    f.reported.forEach((r, i) => {
      // Bit-for-bit: same operations in the same order as Fortio's Go code.
      expect(mine[i]).toBe(r.Value);
    });
  });
});

describe("Fortio's rule at the edges", () => {
  const h: THistogram = {
    count: 4,
    min: 0.001,
    max: 0.0045,
    sum: 0.01,
    buckets: [
      { start: 0.001, end: 0.002, count: 2 },
      { start: 0.003, end: 0.004, count: 1 },
      { start: 0.004, end: 0.0045, count: 1 },
    ],
  };

  it("gives min up to 100/count percent and max from 100", () => {
    expect(percentileFromHistogram(h, 10)).toBe(0.001);
    expect(percentileFromHistogram(h, 25)).toBe(0.001);
    expect(percentileFromHistogram(h, 100)).toBe(0.0045);
    expect(percentileFromHistogram(h, 120)).toBe(0.0045);
  });

  it("interpolates from the previous cumulative percent inside a bucket", () => {
    // first bucket: 25% at min → 50% at 0.002
    expect(percentileFromHistogram(h, 37.5)).toBeCloseTo(0.0015, 15);
    // gap 0.002–0.003 is skipped: 50% → 75% spans the bucket starting at 0.003
    expect(percentileFromHistogram(h, 62.5)).toBeCloseTo(0.0035, 15);
    expect(percentileFromHistogram(h, 50)).toBe(0.002);
  });

  it("ignores empty buckets", () => {
    const withEmpty = {
      ...h,
      buckets: [h.buckets[0]!, { start: 0.002, end: 0.003, count: 0 }, ...h.buckets.slice(1)],
    };
    for (const p of [30, 50, 51, 75, 90, 99]) {
      expect(percentileFromHistogram(withEmpty, p)).toBe(percentileFromHistogram(h, p));
    }
  });

  it("returns NaN for an empty histogram or a non-finite percentile", () => {
    expect(
      percentileFromHistogram({ count: 0, min: 0, max: 0, sum: 0, buckets: [] }, 50),
    ).toBeNaN();
    expect(percentileFromHistogram(h, Number.NaN)).toBeNaN();
  });
});

describe("summarizeHistogram", () => {
  it("summarises a real trial with Fortio's own avg, min, max and stddev", () => {
    const f = readFortioFixture("fortio/baseline-qps500-c10.json");
    const s = summarizeHistogram(f.histogram);
    const d = f.json.DurationHistogram;
    expect(s.min).toBe(d.Min);
    expect(s.max).toBe(d.Max);
    expect(s.avg).toBeCloseTo(0.00045877643520000016, 18);
    expect(s.stddev).toBe(d.StdDev);
    expect(s.p50).toBe(0.0005305332862190812);
    expect(s.p999).toBe(0.005);
  });

  it("is all null for an empty histogram and null stddev when unknown", () => {
    expect(summarizeHistogram({ count: 0, min: 0, max: 0, sum: 0, buckets: [] }).p50).toBeNull();
    const s = summarizeHistogram({
      count: 1,
      min: 1,
      max: 1,
      sum: 1,
      buckets: [{ start: 1, end: 1, count: 1 }],
    });
    expect(s).toMatchObject({ min: 1, p50: 1, max: 1, stddev: null });
  });
});

describe("p99.99", () => {
  /**
   * 10 000 samples: 9 990 between 1 and 2 ms, 9 between 2 and 3 ms and one far out at 1 s.
   * p99.9 is the 9 990th sample (2 ms), p99.99 the 9 999th (3 ms): only the last 0.01% (the one
   * sample at 1 s) lies above it, so p99.99 is neither p99.9 nor max.
   */
  const h: THistogram = {
    count: 10_000,
    min: 0.001,
    max: 1,
    sum: 9_990 * 0.0015 + 9 * 0.0025 + 1,
    buckets: [
      { start: 0.001, end: 0.002, count: 9_990 },
      { start: 0.002, end: 0.003, count: 9 },
      { start: 0.5, end: 1, count: 1 },
    ],
  };

  it("is a summary percentile, after p99.9", () => {
    expect(SUMMARY_PERCENTILES.p9999).toBe(99.99);
    expect(Object.keys(SUMMARY_PERCENTILES)).toEqual(["p50", "p75", "p90", "p99", "p999", "p9999"]);
    expect(emptyLatencySummary().p9999).toBeNull();
    expect(summarizeHistogram({ count: 0, min: 0, max: 0, sum: 0, buckets: [] }).p9999).toBeNull();
  });

  it("is the 9 999th of 10 000 samples, not the far-out maximum", () => {
    const s = summarizeHistogram(h);
    expect(s.p999).toBe(0.002);
    expect(s.p9999).toBeCloseTo(0.003, 15);
    expect(s.max).toBe(1);
    // Above 99.99% only the far-out sample's bucket is left: half way up it at 99.995%.
    expect(percentileFromHistogram(h, 99.995)).toBeCloseTo(0.75, 12);
  });

  it("moves with the 9 999th sample only", () => {
    // The same tail one bucket higher (3–4 ms): p99.99 follows, p99.9 and max stay.
    const shifted: THistogram = {
      ...h,
      buckets: [h.buckets[0]!, { start: 0.003, end: 0.004, count: 9 }, h.buckets[2]!],
    };
    const s = summarizeHistogram(shifted);
    expect(s.p999).toBe(0.002);
    expect(s.p9999).toBeCloseTo(0.004, 15);
    expect(s.max).toBe(1);
  });

  it("is computed from every real Fortio histogram (Fortio itself printed at most p99.9)", () => {
    for (const f of RESULTS) {
      const s = summarizeHistogram(f.histogram);
      const expected = percentileFromHistogram(f.histogram, 99.99);
      if (!Number.isFinite(expected)) {
        expect(s.p9999, f.name).toBeNull();
        continue;
      }
      expect(s.p9999, f.name).toBe(expected);
      expect(s.p9999!, f.name).toBeGreaterThanOrEqual(s.p999!);
      expect(s.p9999!, f.name).toBeLessThanOrEqual(s.max!);
    }
  });
});
