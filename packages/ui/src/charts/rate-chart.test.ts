import { describe, expect, it } from "vitest";
import { rateChartSeries } from "./rate-chart";

describe("rateChartSeries", () => {
  it("draws requests and errors per second at each interval's start", () => {
    const [rps, errors] = rateChartSeries({
      intervalSeconds: 2,
      requests: [100, 80],
      errors: [0, 4],
    });
    expect(rps!.points).toEqual([
      { x: 0, y: 50 },
      { x: 2, y: 40 },
    ]);
    expect(errors!.points).toEqual([
      { x: 0, y: 0 },
      { x: 2, y: 2 },
    ]);
  });
});
