import { describe, expect, it } from "vitest";
import { formatLatencyDelta, formatSignificant } from "./format";

describe("formatSignificant", () => {
  it("keeps 3 significant digits with at most 3 decimals", () => {
    expect([0.04821, 2.154, 21.54, 215.4].map(formatSignificant)).toEqual([
      "0.048",
      "2.15",
      "21.5",
      "215",
    ]);
  });
});

describe("formatLatencyDelta", () => {
  it("signs with a real minus, in ms by default, to 3 significant digits", () => {
    expect(formatLatencyDelta(0.00015)).toBe("+0.150 ms");
    expect(formatLatencyDelta(-0.0021)).toBe("\u22122.10 ms");
  });

  it("takes fixed decimals and other units, and drops the sign when it rounds to zero", () => {
    expect(formatLatencyDelta(0.00015, { digits: 2 })).toBe("+0.15 ms");
    expect(formatLatencyDelta(-0.0000001, { digits: 2 })).toBe("0.00 ms");
    expect(formatLatencyDelta(0.000035, { unit: "us", digits: 0 })).toBe("+35 µs");
    expect(formatLatencyDelta(-0.00009, { unit: "auto" })).toBe("\u221290.0 µs");
    expect(formatLatencyDelta(0.0012, { unit: "auto" })).toBe("+1.20 ms");
  });

  it("says nothing for a missing or non-finite delta", () => {
    expect([null, undefined, Number.NaN].map((v) => formatLatencyDelta(v))).toEqual([
      "—",
      "—",
      "—",
    ]);
  });
});
