import { describe, expect, it } from "vitest";
import { loadCurve, type LoadPoint } from "../saturation/load-curve";
import { unreachableLevels } from "./unreachable";

const p = (requestedQps: number, actualQps: number, errorRate = 0): LoadPoint => ({
  variant: "linkerd",
  requestedQps,
  actualQps,
  errorRate,
  p99: 0.01,
  saturated: actualQps < requestedQps * 0.95 || errorRate > 0.01,
});

describe("unreachableLevels (B: could not reach 1800 RPS)", () => {
  it("states the levels a variant could not hold with the rate it achieved", () => {
    const curve = loadCurve("linkerd", [
      p(1000, 1000),
      p(1800, 1512),
      p(1800, 1500),
      p(1800, 1790),
    ]);
    expect(unreachableLevels([curve])).toEqual([
      {
        variant: "linkerd",
        requestedQps: 1800,
        achievedQps: 1512,
        sentence: "could not reach 1,800 RPS (achieved 1,512)",
      },
    ]);
  });
  it("does not call a level saturated only by errors unreachable", () => {
    const curve = loadCurve("linkerd", [p(1000, 1000, 0.2)]);
    expect(curve.knee).not.toBeNull();
    expect(unreachableLevels([curve])).toEqual([]);
  });
});
