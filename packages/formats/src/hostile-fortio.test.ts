import { describe, expect, it } from "vitest";
import { IMPORT_LIMITS } from "./errors";
import { readFixture } from "./test-support/fixtures";
import { o, fortio, expectRejected, type Case } from "./test-support/hostile";

const CASES: Case[] = [
  { name: "empty input", text: "", field: "(root)", reason: "empty input" },
  { name: "blank input", text: "  \n ", field: "(root)", reason: "empty input" },
  {
    name: "truncated JSON",
    text: readFixture("fortio/baseline-qps500-c10.json").slice(0, 300),
    field: "(root)",
    reason: "truncated JSON (unexpected end of input)",
  },
  { name: "not JSON", text: "{ this is not json", field: "(root)", reason: /^not valid JSON/ },
  {
    name: "JSON array",
    text: "[1, 2, 3]",
    field: "(root)",
    reason: "must be a JSON object",
    format: "fortio",
  },
  {
    name: "JSON null",
    text: "null",
    field: "(root)",
    reason: "must be a JSON object",
    format: "fortio",
  },
  {
    name: "oversized input",
    text: `{"a":"${"x".repeat(IMPORT_LIMITS.maxInputBytes)}"}`,
    field: "(root)",
    reason: `input is larger than ${IMPORT_LIMITS.maxInputBytes} bytes`,
  },
  {
    name: "neither JSON nor wrk",
    text: "hello world",
    field: "(root)",
    reason: "not a JSON result, not a Locust CSV and not wrk output",
  },
  {
    name: "unknown JSON",
    text: '{"foo": 1}',
    field: "(root)",
    reason: "unrecognised JSON: not a Fortio, Nighthawk or SMP result",
  },
  fortio("missing RunType", (d) => delete d["RunType"], "RunType", "is missing"),
  fortio("numeric RunType", (d) => (d["RunType"] = 42), "RunType", "must be a string"),
  fortio(
    "unknown RunType, payload not echoed",
    (d) => (d["RunType"] = "Custom GRPC Method x and Payload TOPSECRET"),
    "RunType",
    /^unknown run type "Custom GRPC Method x and" \(known: HTTP/,
  ),
  fortio(
    "negative RequestedQPS",
    (d) => (d["RequestedQPS"] = "-5"),
    "RequestedQPS",
    /^must be a positive number of requests per second or "max"/,
  ),
  fortio(
    "word RequestedQPS",
    (d) => (d["RequestedQPS"] = "fast"),
    "RequestedQPS",
    /^must be a positive number/,
  ),
  fortio(
    "bad RequestedDuration",
    (d) => (d["RequestedDuration"] = "forever"),
    "RequestedDuration",
    'must be a duration like "10s", not "forever"',
  ),
  fortio(
    "absurd RequestedDuration",
    (d) => (d["RequestedDuration"] = "99999999h"),
    "RequestedDuration",
    `must be at most ${IMPORT_LIMITS.maxDurationSeconds} s`,
  ),
  fortio("string ActualQPS", (d) => (d["ActualQPS"] = "500"), "ActualQPS", "must be a number"),
  fortio(
    "negative ActualQPS",
    (d) => (d["ActualQPS"] = -1),
    "ActualQPS",
    "must be a non-negative number",
  ),
  fortio(
    "fractional ActualDuration",
    (d) => (d["ActualDuration"] = 1.5),
    "ActualDuration",
    "must be a non-negative integer",
  ),
  fortio("zero NumThreads", (d) => (d["NumThreads"] = 0), "NumThreads", "must be at least 1"),
  fortio(
    "absurd NumThreads",
    (d) => (d["NumThreads"] = 1e7),
    "NumThreads",
    `must be at most ${IMPORT_LIMITS.maxConnections}`,
  ),
  fortio(
    "missing histogram",
    (d) => delete d["DurationHistogram"],
    "DurationHistogram",
    "is missing",
  ),
  fortio(
    "histogram is an array",
    (d) => (d["DurationHistogram"] = []),
    "DurationHistogram",
    "must be an object",
  ),
  fortio(
    "negative return code count",
    (d) => (d["RetCodes"] = { "200": -3 }),
    "RetCodes.200",
    "must be a non-negative integer",
  ),
  fortio("RetCodes array", (d) => (d["RetCodes"] = []), "RetCodes", "must be an object"),
  fortio("payload not base64", (d) => (d["Payload"] = "not base64!"), "Payload", "must be base64"),
  fortio(
    "bad StartTime",
    (d) => (d["StartTime"] = "yesterday"),
    "StartTime",
    "must be an RFC 3339 timestamp",
  ),
  fortio(
    "zero Resolution",
    (d) => (d["Resolution"] = 0),
    "Resolution",
    "must be a positive number",
  ),
  fortio("numeric Labels", (d) => (d["Labels"] = 5), "Labels", "must be a string"),
  fortio("string H2", (d) => (d["H2"] = "yes"), "H2", "must be true or false"),
  fortio(
    "more errors than requests",
    (d) => (o(d["ErrorsDurationHistogram"])["Count"] = 6000),
    "ErrorsDurationHistogram.Count",
    "is 6000, more than the 5000 requests",
  ),
];

describe("hostile documents and Fortio fields are rejected with the field and the reason", () => {
  it("has a good number of cases", () => expect(CASES.length).toBeGreaterThanOrEqual(20));
  it.each(CASES.map((c) => [c.name, c] as const))("%s", (_, c) => expectRejected(c));
});
