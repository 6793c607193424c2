import { describe, expect, it } from "vitest";
import { mulberry32, randomIndex, resampleMultiplicities } from "./prng";

describe("mulberry32", () => {
  it("is deterministic per seed and differs between seeds", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const seq = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(seq);
    expect(mulberry32(43)()).not.toBe(seq[0]);
  });

  it("stays in [0, 1) and is roughly uniform", () => {
    const rng = mulberry32(1);
    const bins = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) {
      const x = rng();
      expect(x >= 0 && x < 1).toBe(true);
      bins[randomIndex(() => x, 10)]! += 1;
    }
    for (const n of bins) expect(Math.abs(n - 10_000)).toBeLessThan(500);
  });

  it("resamples n draws with replacement", () => {
    const w = resampleMultiplicities(mulberry32(3), 5);
    expect(w).toHaveLength(5);
    expect(w.reduce((a, b) => a + b, 0)).toBe(5);
  });
});
