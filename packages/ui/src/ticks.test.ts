import { describe, expect, it } from "vitest";
import { niceAxis } from "./ticks";

/** Equal 1/2/5 × 10^k gaps, every tick a multiple of the step. */
function expectLinearRound(ticks: number[]) {
  const step = ticks[1]! - ticks[0]!;
  const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
  expect(
    [1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-9),
    `step ${step}`,
  ).toBe(true);
  ticks.forEach((t, i) => {
    if (i > 0) expect(t - ticks[i - 1]!).toBeCloseTo(step, 12);
    expect(Math.abs(t / step - Math.round(t / step))).toBeLessThan(1e-9);
  });
}

describe("niceAxis (linear)", () => {
  it("replaces the demo's 0.05 / 0.95 / 1.9 / 2.85 ms with 1-2-5 steps covering the data", () => {
    const axis = niceAxis([0.05, 2.85]);
    expect(axis.ticks).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
    expect(axis.domain).toEqual([0, 3]);
    expect(axis.ticks.map(axis.format)).toEqual(["0.0", "0.5", "1.0", "1.5", "2.0", "2.5", "3.0"]);
  });

  it("gives requested QPS 100 … 1000 steps of 200, not 350 / 600 / 850", () => {
    const axis = niceAxis([100, 500, 1000]);
    expect(axis.ticks).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(axis.ticks.map(axis.format)).toEqual(["0", "200", "400", "600", "800", "1000"]);
  });

  it("keeps at most maxTicks ticks and widens the domain to the step's multiples", () => {
    for (const [lo, hi] of [
      [0.031, 8.3],
      [99.97, 1000.2],
      [0.0004, 0.0193],
      [12, 13.7],
      [-3.2, 4.1],
      [1234, 98765],
    ] as const) {
      const axis = niceAxis([lo, hi]);
      expect(axis.ticks.length).toBeLessThanOrEqual(7);
      expect(axis.domain[0]).toBeLessThanOrEqual(lo);
      expect(axis.domain[1]).toBeGreaterThanOrEqual(hi);
      expectLinearRound(axis.ticks);
    }
  });

  it("prints ticks without float noise (0.1 + 0.2 is not 0.30000000000000004)", () => {
    const axis = niceAxis([0.1, 0.7], { maxTicks: 8 });
    expect(axis.ticks).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
    expect(axis.ticks.map(axis.format)).toEqual(["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]);
  });

  it("starts at zero when asked (bars, error rates, latency from zero)", () => {
    expect(niceAxis([1.2, 2.1], { zero: true }).ticks).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(niceAxis([0, 0, 0], { zero: true }).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it("puts a lone value inside a round axis", () => {
    const axis = niceAxis([8]);
    expect(axis.domain[0]).toBeLessThanOrEqual(8);
    expect(axis.domain[1]).toBeGreaterThan(8);
    expectLinearRound(axis.ticks);
  });

  it("gives a fixed percentage axis 0 … 100 in steps of 20, not 25", () => {
    expect(niceAxis([0, 100]).ticks).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it("has a sane axis when there is nothing to plot", () => {
    const axis = niceAxis([]);
    expect(axis.ticks.length).toBeGreaterThan(1);
    expectLinearRound(axis.ticks);
  });
});

describe("niceAxis (log)", () => {
  it("ticks a tail at powers of ten", () => {
    const axis = niceAxis([100, 3, 0.012], { log: true });
    expect(axis.ticks).toEqual([0.01, 0.1, 1, 10, 100]);
    expect(axis.ticks.map(axis.format)).toEqual(["0.01", "0.1", "1", "10", "100"]);
  });

  it("adds 2s and 5s when the data spans two decades or less", () => {
    expect(niceAxis([0.3, 2.7], { log: true }).ticks).toEqual([0.2, 0.5, 1, 2, 5]);
    expect(niceAxis([120, 480], { log: true }).ticks).toEqual([100, 200, 500]);
  });

  it("skips decades beyond maxTicks and ignores non-positive values", () => {
    const axis = niceAxis([0, -1, 1e-9, 1e6], { log: true });
    expect(axis.ticks.length).toBeLessThanOrEqual(8);
    expect(axis.ticks[0]).toBeLessThanOrEqual(1e-9);
    expect(axis.ticks[axis.ticks.length - 1]).toBeGreaterThanOrEqual(1e6);
    for (const t of axis.ticks) expect(Math.log10(t) % 1).toBeCloseTo(0, 9);
  });
});
