import { describe, expect, it } from "vitest";
import {
  o,
  item,
  WRK,
  nh,
  nhGlobal,
  nhLatency,
  nhPercentile,
  smp,
  expectRejected,
  type Case,
} from "./test-support/hostile";

const CASES: Case[] = [
  nh("no results", (d) => delete d["results"], "results", "is missing"),
  nh(
    "no global result",
    (d) => (nhGlobal(d)["name"] = "worker_1"),
    "results",
    'has no "global" result (found worker_0, worker_1)',
  ),
  nh(
    "no latency statistic",
    (d) => (nhLatency(d)["id"] = "other"),
    "results[1].statistics",
    'has no "benchmark_http_client.request_to_response" statistic',
  ),
  nh(
    "bad duration",
    (d) => (nhPercentile(d, 1)["duration"] = "5 seconds"),
    "results[1].statistics[1].percentiles[1].duration",
    'must be a duration like "0.000190007s", not "5 seconds"',
  ),
  nh(
    "negative duration",
    (d) => (nhPercentile(d, 1)["duration"] = "-1s"),
    "results[1].statistics[1].percentiles[1].duration",
    /^must be a duration like/,
  ),
  nh(
    "decreasing cumulative count",
    (d) => (nhPercentile(d, 2)["count"] = "3"),
    "results[1].statistics[1].percentiles[2]",
    "cumulative count must not decrease (3 after 5)",
  ),
  nh(
    "decreasing values",
    (d) => (nhPercentile(d, 2)["duration"] = "0.05s"),
    "results[1].statistics[1].percentiles[2]",
    /^value must not decrease \(0.05 after 0.056922111\)/,
  ),
  nh(
    "percentile above 1",
    (d) => (nhPercentile(d, 2)["percentile"] = 20),
    "results[1].statistics[1].percentiles[2]",
    "percentile must be between 0 and 1, not 20",
  ),
  nh(
    "count does not match percentiles",
    (d) => (nhLatency(d)["count"] = "49"),
    "results[1].statistics[1].count",
    "is 49 but the percentiles' cumulative count ends at 48",
  ),
  nh(
    "non-numeric counter",
    (d) => (item(nhGlobal(d)["counters"], 0)["value"] = "lots"),
    "results[1].counters[0].value",
    "must be a non-negative integer",
  ),
  {
    name: "wrk without requests line",
    text: WRK.replace(/\s*338162 requests.*\n/, "\n"),
    format: "wrk",
    field: "requests",
    reason: /^missing the "N requests in T, X read" line/,
  },
  {
    name: "wrk without latency line",
    text: WRK.replace(/ {4}Latency .*\n/, ""),
    format: "wrk",
    field: "Latency",
    reason: "missing the thread stats Latency line",
  },
  {
    name: "wrk bad time unit",
    text: WRK.replace("5.64ms", "5.64xs"),
    format: "wrk",
    field: "line 11",
    reason: /^must be a wrk time like "1.15ms"/,
  },
  {
    name: "wrk without Requests/sec",
    text: WRK.replace(/Requests\/sec:.*\n/, ""),
    format: "wrk",
    field: "Requests/sec",
    reason: "is missing",
  },
  smp("SMP without latencies", (d) => delete d["latencies_ms"], "latencies_ms", "is missing"),
  smp(
    "SMP string latency",
    (d) => (o(d["latencies_ms"])["p50"] = "0.4"),
    "latencies_ms.p50",
    "must be a number",
  ),
  smp(
    "SMP empty latencies",
    (d) => (d["latencies_ms"] = {}),
    "latencies_ms",
    "has no latency values",
  ),
  smp(
    "SMP non-scalar label",
    (d) => (d["labels"] = { mesh: { name: "istio" } }),
    "labels.mesh",
    "must be a string, number or boolean (SMP labels are scalars)",
  ),
  smp(
    "SMP end before start",
    (d) =>
      Object.assign(d, { start_time: "2026-01-01T00:00:10Z", end_time: "2026-01-01T00:00:00Z" }),
    "end_time",
    "must not be before start_time",
  ),
  smp("SMP missing actual_qps", (d) => delete d["actual_qps"], "actual_qps", "is missing"),
  smp(
    "SMP bad own label",
    (d) => (d["labels"] = { "meshbench.connections": "many" }),
    "labels.meshbench.connections",
    'must be an integer of at least 1, not "many"',
  ),
];

describe("hostile Nighthawk, wrk and SMP inputs are rejected with the field and the reason", () => {
  it("has a good number of cases", () => expect(CASES.length).toBeGreaterThanOrEqual(20));
  it.each(CASES.map((c) => [c.name, c] as const))("%s", (_, c) => expectRejected(c));
});
