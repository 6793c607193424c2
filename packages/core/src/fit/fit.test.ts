import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../prng";
import { normalQuantile, studentTQuantile } from "./distributions";
import { fitQuadratic, predictQuadratic } from "./quadratic";
import { fitResourceCurves, resourceAt } from "./resource-curve";

/** Standard normal draws from a seeded uniform source (Box–Muller). */
const gaussian = (seed: number) => {
  const u = mulberry32(seed);
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
};

describe("quantiles", () => {
  it("match tabled normal and t values", () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 5);
    const table: [number, number][] = [
      [1, 12.7062],
      [2, 4.3027],
      [3, 3.1824],
      [5, 2.5706],
      [10, 2.2281],
      [30, 2.0423],
      [100, 1.984],
    ];
    for (const [df, t] of table) expect(studentTQuantile(0.975, df)).toBeCloseTo(t, 3);
    expect(studentTQuantile(0.025, 5)).toBeCloseTo(-2.5706, 3);
    expect(studentTQuantile(0.5, 7)).toBe(0);
    expect(() => studentTQuantile(1, 3)).toThrow(RangeError);
  });
});

describe("fitQuadratic", () => {
  it("recovers any exact quadratic and predicts it with a zero-width interval (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: -0.01, max: 0.01, noNaN: true }),
        fc.uniqueArray(fc.integer({ min: 0, max: 5000 }), { minLength: 4, maxLength: 30 }),
        (a, b, c, xs) => {
          const f = (x: number) => a + b * x + c * x * x;
          const fit = fitQuadratic(xs.map((x) => ({ x, y: f(x) })));
          expect(fit).not.toBeNull();
          const tol = 1e-6 * (1 + Math.abs(a) + 5000 * Math.abs(b) + 25e6 * Math.abs(c));
          for (const x of [0, 1000, 2500])
            expect(Math.abs(predictQuadratic(fit!, x).y - f(x))).toBeLessThan(tol);
          expect(fit!.residualStandardError!).toBeLessThan(tol);
        },
      ),
    );
  });

  it("estimates the noise and covers the true curve ~95% of the time under Gaussian noise", () => {
    const f = (x: number) => 50 + 0.2 * x + 0.00003 * x * x;
    let covered = 0;
    let sigmaSum = 0;
    const runs = 400;
    for (let seed = 1; seed <= runs; seed++) {
      const z = gaussian(seed);
      const pts = Array.from({ length: 20 }, (_, i) => ({
        x: 100 * (i + 1),
        y: f(100 * (i + 1)) + 10 * z(),
      }));
      const fit = fitQuadratic(pts)!;
      sigmaSum += fit.residualStandardError!;
      const [lo, hi] = predictQuadratic(fit, 1000).confidence!;
      if (lo <= f(1000) && f(1000) <= hi) covered++;
    }
    expect(sigmaSum / runs).toBeGreaterThan(9);
    expect(sigmaSum / runs).toBeLessThan(11);
    // Binomial(400, 0.95): sd ≈ 1.1%; allow 3 sd.
    expect(covered / runs).toBeGreaterThan(0.95 - 0.033);
    expect(covered / runs).toBeLessThan(0.95 + 0.033);
  });

  it("widens the interval for a new observation, flags extrapolation, refuses degenerate input", () => {
    const z = gaussian(7);
    const fit = fitQuadratic(Array.from({ length: 10 }, (_, i) => ({ x: i, y: i * i + z() })))!;
    const p = predictQuadratic(fit, 4.5);
    expect(p.prediction![1] - p.prediction![0]).toBeGreaterThan(
      p.confidence![1] - p.confidence![0],
    );
    expect(p.extrapolated).toBe(false);
    expect(predictQuadratic(fit, 20).extrapolated).toBe(true);
    expect(
      fitQuadratic([
        { x: 1, y: 1 },
        { x: 1, y: 2 },
        { x: 2, y: 3 },
      ]),
    ).toBeNull();
    const exact3 = fitQuadratic([
      { x: 0, y: 1 },
      { x: 1, y: 2 },
      { x: 2, y: 5 },
    ])!;
    expect(exact3.residualStandardError).toBeNull();
    expect(predictQuadratic(exact3, 3)).toMatchObject({
      y: expect.closeTo(10, 9) as number,
      confidence: null,
    });
  });
});

describe("resource curves per role", () => {
  it("fits CPU and memory against achieved RPS and reads CPU at 1,000 RPS off the curve", () => {
    const points = [200, 500, 800, 1100, 1400, 1700].flatMap((q) => [
      {
        role: "sidecar",
        achievedQps: q,
        cpuMillicores: 20 + 0.5 * q + 0.0001 * q * q,
        memoryBytes: 5e7 + 1e4 * q,
      },
      { role: "ztunnel", achievedQps: q, cpuMillicores: 10 + 0.2 * q, memoryBytes: 3e7 },
    ]);
    const curves = fitResourceCurves(points);
    expect(curves.map((c) => c.role)).toEqual(["sidecar", "ztunnel"]);
    const at = resourceAt(curves[0]!, 1000);
    expect(at.cpu?.y).toBeCloseTo(620, 6);
    expect(at.memory?.y).toBeCloseTo(6e7, 0);
    expect(
      fitResourceCurves([{ role: "x", achievedQps: 1, cpuMillicores: 1, memoryBytes: 1 }])[0]?.cpu,
    ).toBeNull();
  });
});
