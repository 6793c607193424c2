import { describe, expect, it } from "vitest";
import { formatLatency, formatQps } from "./format";

describe("formatLatency", () => {
  it("prints milliseconds with precision that follows magnitude", () => {
    expect(formatLatency(0.000482)).toBe("0.482 ms");
    expect(formatLatency(0.00215)).toBe("2.15 ms");
    expect(formatLatency(0.0331)).toBe("33.1 ms");
    expect(formatLatency(0.2)).toBe("200 ms");
  });
  it("switches to µs in auto mode below a millisecond", () => {
    expect(formatLatency(0.000482, "auto")).toBe("482 µs");
    expect(formatLatency(0.0015, "auto")).toBe("1.50 ms");
  });
  it("shows a dash for missing values", () => {
    expect(formatLatency(null)).toBe("—");
    expect(formatLatency(Number.NaN)).toBe("—");
  });
});

describe("formatQps", () => {
  it("formats max QPS", () => {
    expect(formatQps(null)).toBe("max");
    expect(formatQps(500)).toBe("500");
  });
});
