import { describe, expect, it } from "vitest";
import { ZRateSeries } from "@meshbench/contracts";
import { meanRateQps, mergeRateSeries, rateDips, rateSeriesFromAccessLog } from "./rate-series";

const line = (startNs: number, latency: number, ok = true) =>
  `{"latency":${latency},"timestamp":${startNs},"thread":0,"iter":1,"ok":${ok},"details":"200"}`;

describe("rateSeriesFromAccessLog", () => {
  it("counts each request in the second it ended in, errors apart", () => {
    const t0 = 1_700_000_000_000_000_000;
    const text = [
      line(t0, 0.001),
      line(t0 + 0.5e9, 0.2),
      line(t0 + 0.9e9, 0.2, false), // ends at 1.1 s
      "Fortio log noise",
      "{not json",
      line(t0 + 2.5e9, 0.001, false),
      "",
    ].join("\n");
    const s = rateSeriesFromAccessLog(text, { startNs: t0 })!;
    expect(s).toEqual({ intervalSeconds: 1, requests: [2, 1, 1], errors: [0, 1, 1] });
    expect(ZRateSeries.safeParse(s).success).toBe(true);
  });

  it("is null when no line is a request", () => {
    expect(rateSeriesFromAccessLog('{"a":1}\nhello')).toBeNull();
  });
});

describe("mergeRateSeries", () => {
  it("sums per second, a shorter series counting as zero past its end", () => {
    const a = { intervalSeconds: 1, requests: [10, 10, 5], errors: [0, 1, 0] };
    const b = { intervalSeconds: 1, requests: [9, 11], errors: [1, 0] };
    expect(mergeRateSeries([a, null, b])).toEqual({
      intervalSeconds: 1,
      requests: [19, 21, 5],
      errors: [1, 1, 0],
    });
    expect(mergeRateSeries([null])).toBeNull();
  });

  it("refuses different intervals", () => {
    const a = { intervalSeconds: 1, requests: [1], errors: [0] };
    expect(() => mergeRateSeries([a, { ...a, intervalSeconds: 2 }])).toThrow(/intervals/);
  });

  it("equals counting the concatenated access logs", () => {
    const t0 = 5e18;
    const g1 = [line(t0, 0.01), line(t0 + 1.2e9, 0.01, false)].join("\n");
    const g2 = [line(t0 + 0.3e9, 0.01), line(t0 + 2.2e9, 0.01)].join("\n");
    const merged = mergeRateSeries([
      rateSeriesFromAccessLog(g1, { startNs: t0 }),
      rateSeriesFromAccessLog(g2, { startNs: t0 }),
    ]);
    expect(merged).toEqual(rateSeriesFromAccessLog(`${g1}\n${g2}`, { startNs: t0 }));
  });
});

describe("rateDips", () => {
  it("names a warm-up, a stall and the partial last second", () => {
    const s = { intervalSeconds: 1, requests: [20, 100, 100, 30, 100, 100, 10], errors: [] };
    s.errors = s.requests.map(() => 0) as never;
    expect(meanRateQps(s)).toBeCloseTo(75);
    expect(rateDips(s).map((d) => [d.fromSeconds, d.kind])).toEqual([
      [0, "warm_up"],
      [3, "stall"],
      [6, "tail"],
    ]);
    expect(rateDips(s)[1]!.shareOfMean).toBeCloseTo(0.4);
  });

  it("finds nothing in a steady trial", () => {
    expect(rateDips({ intervalSeconds: 1, requests: [99, 100, 101], errors: [0, 0, 0] })).toEqual(
      [],
    );
  });
});
