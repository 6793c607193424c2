import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifySaturation } from "./classify";
import { loadCurve, saturationSummary, type LoadPoint } from "./load-curve";

const ok = { requestedQps: 1000, actualQps: 1000, requestCount: 10_000, errorCount: 0 };

describe("classifySaturation", () => {
  it("flags a shortfall below 95% and errors above 1%, with one reason", () => {
    expect(classifySaturation(ok)).toMatchObject({ saturated: false, causes: [], reason: null });
    expect(classifySaturation({ ...ok, actualQps: 950 }).saturated).toBe(false);
    const both = classifySaturation({ ...ok, actualQps: 900, errorCount: 200 });
    expect(both.causes).toEqual(["qps_shortfall", "errors"]);
    expect(both.reason).toBe(
      "saturated: achieved 900.0 of 1000 requested QPS (90.0% < 95.0%); 2.0% of requests failed (> 1.0%); kept on load curves, excluded from latency deltas",
    );
  });

  it("never calls an unthrottled trial short of its rate; no completed request is all errors", () => {
    expect(classifySaturation({ ...ok, requestedQps: null, actualQps: 3 }).saturated).toBe(false);
    expect(classifySaturation({ ...ok, requestCount: 0, errorCount: 5 }).errorRate).toBe(1);
  });

  it("is monotone: less achieved or more errors never un-saturates a trial", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1200 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        (actual, errors, more) => {
          const a = classifySaturation({ ...ok, actualQps: actual, errorCount: errors });
          const b = classifySaturation({
            ...ok,
            actualQps: actual - more,
            errorCount: errors + more,
          });
          if (a.saturated) expect(b.saturated).toBe(true);
        },
      ),
    );
  });
});

/** A target that serves up to `ceiling` QPS, three repetitions per level. */
function curvePoints(variant: string, ceiling: number, levels: number[]): LoadPoint[] {
  return levels.flatMap((q) =>
    [0.99, 1, 1.01].map((jitter) => {
      const actualQps = Math.min(q, ceiling * jitter);
      return {
        variant,
        requestedQps: q,
        actualQps,
        errorRate: 0,
        p99: 0.001 * (1 + q / ceiling),
        saturated: actualQps < 0.95 * q,
      };
    }),
  );
}

describe("load curves and the saturation summary", () => {
  const levels = [500, 1000, 1500, 2000, 2500];
  const baseline = loadCurve("baseline", curvePoints("baseline", 1650, levels));
  const ambient = loadCurve("ambient", curvePoints("ambient", 1420, levels));

  it("marks the knee at the first level a majority of repetitions could not hold", () => {
    expect(baseline.knee?.requestedQps).toBe(2000);
    expect(baseline.lastSustainable?.requestedQps).toBe(1500);
    expect(baseline.saturatesNearQps).toBe(1650);
    expect(ambient.knee?.requestedQps).toBe(1500);
    expect(ambient.levels.map((l) => l.trials)).toEqual([3, 3, 3, 3, 3]);
  });

  it("says where each variant saturates, relative to baseline", () => {
    expect(saturationSummary(baseline, [ambient])).toBe(
      "baseline saturates near 1,650 QPS; ambient near 1,420 (−14%)",
    );
  });

  it("gives only a lower bound when a variant never saturated", () => {
    const strong = loadCurve("sidecar", curvePoints("sidecar", 9000, levels));
    expect(strong).toMatchObject({ reached: false, knee: null });
    expect(strong.lastSustainable?.requestedQps).toBe(2500);
    expect(saturationSummary(baseline, [strong])).toBe(
      "baseline saturates near 1,650 QPS; sidecar did not saturate up to 2,500 QPS",
    );
    expect(saturationSummary(loadCurve("none", []), [])).toBe("none has no load data");
  });

  it("counts errors against throughput: goodput, not attempted rate", () => {
    const erroring: LoadPoint[] = [
      {
        variant: "v",
        requestedQps: 1000,
        actualQps: 1000,
        errorRate: 0.2,
        p99: null,
        saturated: true,
      },
    ];
    expect(loadCurve("v", erroring)).toMatchObject({ saturatesNearQps: 800, reached: true });
  });
});
