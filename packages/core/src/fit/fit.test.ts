import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../stats/prng";
import { fitQuadratic, type QuadraticFit } from "./quadratic";

const at = (f: QuadraticFit, x: number) => f.a + f.b * x + f.c * x * x;

/** Standard normal draws from a seeded uniform source (Box–Muller). */
const gaussian = (seed: number) => {
  const u = mulberry32(seed);
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
};

describe("fitQuadratic", () => {
  it("recovers any exact quadratic with no residual error (property)", () => {
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
          for (const x of [0, 1000, 2500]) expect(Math.abs(at(fit!, x) - f(x))).toBeLessThan(tol);
          expect(fit!.residualStandardError!).toBeLessThan(tol);
        },
      ),
    );
  });

  it("estimates the noise under Gaussian noise and stays near the true curve", () => {
    const f = (x: number) => 50 + 0.2 * x + 0.00003 * x * x;
    let sigmaSum = 0;
    let errorSum = 0;
    const runs = 400;
    for (let seed = 1; seed <= runs; seed++) {
      const z = gaussian(seed);
      const pts = Array.from({ length: 20 }, (_, i) => ({
        x: 100 * (i + 1),
        y: f(100 * (i + 1)) + 10 * z(),
      }));
      const fit = fitQuadratic(pts)!;
      sigmaSum += fit.residualStandardError!;
      errorSum += Math.abs(at(fit, 1000) - f(1000));
    }
    expect(sigmaSum / runs).toBeGreaterThan(9);
    expect(sigmaSum / runs).toBeLessThan(11);
    // The fitted curve at 1,000 RPS is off by far less than one observation's noise on average.
    expect(errorSum / runs).toBeLessThan(5);
  });

  it("refuses degenerate input and says an exact fit has no residual error", () => {
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
    expect(at(exact3, 3)).toBeCloseTo(10, 9);
  });
});
