import { describe, expect, it } from "vitest";
import { capsSummary } from "./cluster-caps";

describe("capsSummary", () => {
  it("lists the caps that are set, or none", () => {
    expect(capsSummary({})).toBe("none");
    expect(capsSummary({ maxQps: 500, maxConcurrentRuns: 2 })).toBe(
      "concurrent runs ≤ 2, total QPS ≤ 500",
    );
  });
});
