import { describe, expect, it } from "vitest";
import { nextPageHref, parseRunListParams } from "./run-list-params";

describe("parseRunListParams", () => {
  it("reads the URL's filters, trimmed; blanks, unknown statuses and sources are no filter", () => {
    const { filter } = parseRunListParams({
      benchmark: " checkout ",
      cluster: "",
      status: "exploded",
      source: "ci_upload",
      branch: ["main", "dev"],
    });
    expect(filter).toEqual({
      benchmarkKey: "checkout",
      clusterName: undefined,
      variant: undefined,
      status: undefined,
      source: "ci_upload",
      gitBranch: undefined,
    });
  });

  it("hands only an id-shaped cursor to the query, but remembers that a page was asked for", () => {
    expect(parseRunListParams({ cursor: "abc123" })).toMatchObject({
      cursor: "abc123",
      listCursor: "abc123",
    });
    expect(parseRunListParams({ cursor: "x' OR 1=1" })).toMatchObject({
      cursor: "x' OR 1=1",
      listCursor: null,
    });
    expect(parseRunListParams({})).toMatchObject({ cursor: undefined, listCursor: null });
  });
});

describe("nextPageHref", () => {
  it("keeps the filters, replaces the cursor and drops repeated parameters", () => {
    const href = nextPageHref({ status: "failed", cursor: "old", variant: ["a", "b"] }, "new1");
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/runs");
    expect([...url.searchParams]).toEqual([
      ["status", "failed"],
      ["cursor", "new1"],
    ]);
  });
});
