import { describe, expect, it } from "vitest";
import { msToSeconds, secondsToMs } from "./units";

describe("seconds and milliseconds", () => {
  it("converts both ways and keeps a missing value missing", () => {
    expect(secondsToMs(0.0015)).toBeCloseTo(1.5, 12);
    expect(msToSeconds(250)).toBe(0.25);
    expect(secondsToMs(msToSeconds(42))).toBeCloseTo(42, 12);
    expect(secondsToMs(null)).toBeNull();
    expect(secondsToMs(undefined)).toBeNull();
    expect(secondsToMs(0)).toBe(0);
  });
});
