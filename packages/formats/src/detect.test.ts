import { describe, expect, it } from "vitest";
import { detectFormat, importResult } from "./detect";
import { importFortioJson } from "./fortio";
import { smpResultOf } from "./smp-export";
import { readFixture } from "./test-support/fixtures";

const exportSmpJson = (...a: Parameters<typeof smpResultOf>) => JSON.stringify(smpResultOf(...a));

describe("importResult auto-detects the format", () => {
  it.each([
    ["fortio/baseline-qps500-c10.json", "fortio", "fortio"],
    ["fortio/baseline-grpcping-qps500-c10.json", "fortio", "fortio"],
    ["fortio/rest/rest-sync-get-qps200-c4.json", "fortio", "fortio"],
    ["nighthawk/large-sample.json", "nighthawk", "nighthawk"],
    ["nighthawk/output_formatter.medium.proto.trimmed.json", "nighthawk", "nighthawk"],
    ["nighthawk/output_formatter.medium.fortio.gold.json", "fortio", "nighthawk"],
    ["wrk/wrk-baseline-c10-t2-5s.txt", "wrk", "wrk"],
    ["wrk/wrk2-synthetic-r1000-c16-t2-20s.txt", "wrk", "wrk"],
  ])("%s → %s importer, %s trial", (name, format, generator) => {
    const text = readFixture(name);
    expect(detectFormat(text)).toBe(format);
    expect(importResult(text).loadGenerator).toBe(generator);
  });

  it("detects SMP", () => {
    const text = exportSmpJson(importFortioJson(readFixture("fortio/baseline-qps100-c1.json")));
    expect(detectFormat(text)).toBe("smp");
    expect(importResult(text).loadGenerator).toBe("smp");
  });

  it("sends Fortio REST replies to the Fortio importer for a precise message", () => {
    expect(() => importResult(readFixture("fortio/rest/rest-status-during.json"))).toThrow(
      /Fortio REST status reply/,
    );
    expect(() => importResult(readFixture("fortio/rest/rest-error-badurl.json"))).toThrow(
      /Fortio REST error reply \(Aborting because of error: parse/,
    );
  });

  it("honours an explicit format even when another would match", () => {
    expect(() => importResult(readFixture("fortio/baseline-qps500-c10.json"), "smp")).toThrow(
      "latencies_ms: is missing",
    );
    expect(
      importResult(readFixture("nighthawk/output_formatter.medium.fortio.gold.json"), "nighthawk")
        .requestCount,
    ).toBe(48);
  });

  it("imports a document already parsed at the edge exactly as its text, detected or named", () => {
    for (const name of [
      "fortio/baseline-qps500-c10.json",
      "nighthawk/large-sample.json",
      "nighthawk/output_formatter.medium.fortio.gold.json",
    ]) {
      const text = readFixture(name);
      const doc = JSON.parse(text) as Record<string, unknown>;
      expect(importResult(doc)).toEqual(importResult(text));
    }
    const smp = smpResultOf(importFortioJson(readFixture("fortio/baseline-qps100-c1.json")));
    expect(importResult(smp, "smp")).toEqual(importResult(JSON.stringify(smp), "smp"));
    expect(() => importResult({ RunType: "HTTP" }, "wrk")).toThrow(
      "(root): wrk output is text, not a JSON document",
    );
    expect(() => importResult({ something: 1 })).toThrow(/unrecognised JSON/);
  });
});
