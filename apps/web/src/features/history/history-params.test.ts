import { describe, expect, it } from "vitest";
import { parseHistoryParams } from "./history-params";

describe("parseHistoryParams", () => {
  it("falls back to p99 across commits for anything unknown, and blank filters to none", () => {
    expect(parseHistoryParams({ statistic: "p42", axis: "moon", variant: "", branch: "" })).toEqual(
      { statistic: "p99", axis: "commit", variant: undefined, branch: undefined },
    );
  });

  it("keeps a known statistic, axis, variant and branch", () => {
    expect(
      parseHistoryParams({ statistic: "p50", axis: "meshVersion", variant: "hop", branch: "main" }),
    ).toEqual({ statistic: "p50", axis: "meshVersion", variant: "hop", branch: "main" });
  });
});
