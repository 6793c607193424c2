import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ccdfPoints, cdfPoints, type LatencyPoint } from "./cdf";
import { percentileFromHistogram } from "./percentiles";
import { alignedHistogram } from "../test-support/arbitraries";
import { readFortioFixture } from "../test-support/fortio-fixtures";

/** Latency where the polyline reaches fraction q (first crossing). */
function readAt(points: LatencyPoint[], q: number): number {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (q <= b.fraction && b.fraction > a.fraction) {
      return a.latency + ((q - a.fraction) / (b.fraction - a.fraction)) * (b.latency - a.latency);
    }
  }
  return points[points.length - 1]!.latency;
}

describe("cdfPoints", () => {
  it("is the same curve as the percentile table (read at q gives Fortio's percentile)", () => {
    fc.assert(
      fc.property(alignedHistogram, fc.double({ min: 0.5, max: 99.99, noNaN: true }), (h, p) => {
        const points = cdfPoints(h);
        const expected = percentileFromHistogram(h, p);
        if (p / 100 <= 1 / h.count) return;
        expect(readAt(points, p / 100)).toBeCloseTo(expected, 12);
      }),
    );
  });

  it("starts at (min, 1/count), ends at (max, 1) and never decreases", () => {
    const h = readFortioFixture("fortio/matrix/nginx-qps500-c8-rep3.json").histogram;
    const points = cdfPoints(h, { scale: 1000 });
    expect(points[0]).toEqual({ latency: h.min * 1000, fraction: 1 / h.count });
    expect(points[points.length - 1]).toEqual({ latency: h.max * 1000, fraction: 1 });
    for (let i = 1; i < points.length; i++) {
      expect(points[i]!.latency).toBeGreaterThanOrEqual(points[i - 1]!.latency);
      expect(points[i]!.fraction).toBeGreaterThanOrEqual(points[i - 1]!.fraction);
    }
    expect(points.length).toBeLessThanOrEqual(2 * h.buckets.length + 1);
  });

  it("is empty for an empty histogram", () => {
    expect(cdfPoints({ count: 0, min: 0, max: 0, sum: 0, buckets: [] })).toEqual([]);
  });
});

describe("ccdfPoints", () => {
  it("gives tail fractions without the final zero (log axis), unless asked", () => {
    const h = readFortioFixture("fortio/proxy-qps1000-c16.json").histogram;
    const tail = ccdfPoints(h);
    expect(tail.every((p) => p.fraction > 0)).toBe(true);
    expect(tail[0]!.fraction).toBeCloseTo(1 - 1 / h.count, 15);
    expect(ccdfPoints(h, { dropZero: false }).at(-1)).toEqual({ latency: h.max, fraction: 0 });
  });
});
