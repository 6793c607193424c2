import type { TSeriesCurves } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { compactCurves } from "./compact-curves";

const curves: TSeriesCurves = {
  id: "a",
  label: "a",
  cdf: [
    { latency: 0.00030000000000000003, fraction: 0.16987179487179488 },
    { latency: 0.0123456789123, fraction: 0.99999123456 },
  ],
  ccdf: [{ latency: 0.0006000000000000001, fraction: 0.0000123456789 }],
  histogram: [{ start: 0.00030000000000000003, end: 0.0004, count: 1234 }],
};

describe("compact curves for the page", () => {
  it("drops float noise and digits no chart shows, keeping a tail's relative precision", () => {
    const [c] = compactCurves([curves]);
    expect(c!.cdf).toEqual([
      { latency: 0.0003, fraction: 0.169872 },
      { latency: 0.0123456789, fraction: 0.999991 },
    ]);
    expect(c!.ccdf).toEqual([{ latency: 0.0006, fraction: 0.0000123457 }]);
    expect(c!.histogram).toEqual([{ start: 0.0003, end: 0.0004, count: 1234 }]);
    expect(JSON.stringify(c).length).toBeLessThan(JSON.stringify(curves).length * 0.8);
  });
});
