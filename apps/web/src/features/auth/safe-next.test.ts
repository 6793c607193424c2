import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next";

const ORIGIN = "https://meshbench.example.com";
const next = (value: string | null | undefined) => safeNext(value, "/runs", ORIGIN);

describe("safeNext: a hostile ?next= never leaves the site", () => {
  it.each([
    // the two spellings the issue found, as the page receives them (searchParams decode %09)
    "/\\evil.example",
    "/\t/evil.example",
    // protocol-relative, with every separator the URL parser treats as a slash or drops
    "//evil.example",
    "///evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\t\\evil.example",
    " //evil.example",
    "\u0000//evil.example",
    "\u001f//evil.example",
    // dot segments that collapse to a path starting with //
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E//evil.example",
    // absolute URLs and other schemes
    "https://evil.example",
    "https://evil.example/runs",
    "http://meshbench.example.com/runs", // our host, another scheme: another origin
    "https://meshbench.example.com.evil.example/runs",
    "https://meshbench.example.com@evil.example/runs",
    "HTTPS://EVIL.EXAMPLE",
    "javascript:alert(document.cookie)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "blob:https://evil.example/x",
    "ftp://evil.example",
    "mailto:a@evil.example",
    // unicode tricks that some parsers map to ASCII
    "https://evil\u3002example",
    "https://ｅｖｉｌ.example",
  ])("%j falls back to /runs", (value) => {
    expect(next(value)).toBe("/runs");
  });

  it.each([
    ["/runs", "/runs"],
    ["/settings", "/settings"],
    ["/invite/0123abcd", "/invite/0123abcd"],
    ["/runs?status=failed&page=2#top", "/runs?status=failed&page=2#top"],
    ["/compare?items=a%2Cb", "/compare?items=a%2Cb"],
    // our own origin written out in full is fine; only the path is kept
    ["https://meshbench.example.com/settings?x=1", "/settings?x=1"],
    // odd but harmless: stays on our site, as the encoded path the browser would request
    ["%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/%09/evil.example", "/%09/evil.example"], // double-encoded: a literal %09 in our path
    ["／／evil.example", "/%EF%BC%8F%EF%BC%8Fevil.example"],
    ["/\u2215\u2215evil.example", "/%E2%88%95%E2%88%95evil.example"],
    ["\u200b//evil.example", "/%E2%80%8B//evil.example"],
    ["https:evil.example", "/evil.example"], // same scheme, no slashes: a relative path
    ["/runs/../settings", "/settings"],
  ])("%j stays on our site as %j", (value, expected) => {
    expect(next(value)).toBe(expected);
    expect(new URL(expected, ORIGIN).origin).toBe(ORIGIN);
  });

  it("falls back when next is missing or empty, with the caller's fallback", () => {
    expect(next(undefined)).toBe("/runs");
    expect(next(null)).toBe("/runs");
    expect(next("")).toBe("/runs");
    expect(safeNext("//evil.example", "", ORIGIN)).toBe("");
  });

  it("whatever it returns is a path on our origin (property, hostile alphabet)", () => {
    const piece = fc.constantFrom(
      ...["/", "\\", "\t", "\n", "\r", " ", ".", "..", "%2e", "%2f", "%5c", "%09", ":", "@"],
      ...["?", "#", "evil.example", "javascript:", "https:", "//", "\u3002", "\uff0f"],
    );
    fc.assert(
      fc.property(fc.string({ unit: piece, maxLength: 10 }), (value) => {
        const out = next(value);
        expect(out === "/runs" || (out.startsWith("/") && !out.startsWith("//"))).toBe(true);
        expect(new URL(out, ORIGIN).origin).toBe(ORIGIN);
        expect(new URL(out, "https://other.example").origin).toBe("https://other.example");
      }),
      { numRuns: 5000 },
    );
  });
});
