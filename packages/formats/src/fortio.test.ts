import { ZTrialResult } from "@meshbench/contracts";
import {
  assessTrialValidity,
  decodeHistogram,
  encodeHistogram,
  percentilesFromHistogram,
} from "@meshbench/core";
import { describe, expect, it } from "vitest";
import { ImportError } from "./errors";
import { importFortioJson } from "./fortio";
import { fortioResultFixtures, readFixture, REST_REPLY_FIXTURES } from "./test-support/fixtures";

const RESULTS = fortioResultFixtures();

describe("every real Fortio result imports, and its stored histogram gives Fortio's own percentiles", () => {
  it("covers 17 single runs, the 30-trial matrix and 4 REST results", () => {
    expect(RESULTS).toHaveLength(51);
  });

  it.each(RESULTS)("%s", (name) => {
    const text = readFixture(name);
    const trial = importFortioJson(text);
    expect(ZTrialResult.parse(trial)).toEqual(trial);
    const stored = decodeHistogram(encodeHistogram(trial.histogram!));
    expect(stored).toStrictEqual(trial.histogram);
    const reported = (
      JSON.parse(text) as {
        DurationHistogram: { Percentiles: { Percentile: number; Value: number }[] };
      }
    ).DurationHistogram.Percentiles;
    const mine = percentilesFromHistogram(
      stored,
      reported.map((r) => r.Percentile),
    );
    reported.forEach((r, i) => {
      const relative = Math.abs((mine[i] ?? Number.NaN) - r.Value) / r.Value;
      expect(relative).toBeLessThanOrEqual(1e-12);
      expect(mine[i]).toBe(r.Value); // in fact bit-for-bit
    });
    expect(trial.summary.p50).toBe(percentilesFromHistogram(stored, [50])[0]);
    // Fortio printed no p99.99: it comes from the stored histogram by the same rule.
    expect(trial.summary.p9999).toBe(percentilesFromHistogram(stored, [99.99])[0]);
  });
});

describe("Fortio fields", () => {
  it("maps a plain HTTP run", () => {
    const t = importFortioJson(readFixture("fortio/baseline-qps500-c10.json"));
    expect(t).toMatchObject({
      loadGenerator: "fortio",
      runType: "HTTP",
      labels: "baseline-qps500-c10",
      startedAt: "2026-11-22T07:52:12.899084992Z",
      requestedQps: 500,
      requestedDurationSeconds: 10,
      actualQps: 499.9575546035292,
      actualDurationSeconds: 10.00084898,
      connections: 10,
      requestCount: 5000,
      errorCount: 0,
      retCodes: { "200": 5000 },
      resolutionSeconds: 0.001,
      protocol: "http1",
      keepAlive: true,
      payloadBytes: 0,
    });
    expect(t.summary).toMatchObject({
      min: 0.000023095,
      max: 0.005427527,
      stddev: 0.00043370608275605907,
    });
    expect(t.summary.avg).toBeCloseTo(0.00045877643520000016, 18);
    expect(t.meta).toMatchObject({
      format: "fortio",
      version: "1.68.2",
      url: "http://127.0.0.1:18080/echo",
      socketCount: 10,
    });
    expect(t.meta["connectionStats"]).toMatchObject({ count: 10, min: 0.000119942 });
  });

  it("maps h2, no keep-alive, max QPS and gRPC ping", () => {
    expect(importFortioJson(readFixture("fortio/proxy-qps500-c10-h2.json")).protocol).toBe("h2");
    expect(
      importFortioJson(readFixture("fortio/baseline-qps500-c10-nokeepalive.json")).keepAlive,
    ).toBe(false);
    expect(
      importFortioJson(readFixture("fortio/baseline-maxqps-c16.json")).requestedQps,
    ).toBeNull();
    const grpc = importFortioJson(readFixture("fortio/proxy-grpcping-qps500-c10.json"));
    expect(grpc).toMatchObject({
      runType: "GRPC Ping",
      protocol: "grpc",
      resolutionSeconds: null,
      retCodes: { SERVING: 5000 },
      errorCount: 0,
    });
    expect(grpc.meta).not.toHaveProperty("metadata");
  });

  it("counts errors from ErrorsDurationHistogram (503s, socket errors)", () => {
    const err = importFortioJson(readFixture("fortio/baseline-qps500-c10-err503-10pct.json"));
    expect(err).toMatchObject({
      errorCount: 267,
      requestCount: 2500,
      retCodes: { "200": 2233, "503": 267 },
    });
    expect(assessTrialValidity(err).map((f) => f.code)).toContain("errors");
    const refused = importFortioJson(readFixture("fortio/rest/rest-error-connrefused-n2.json"));
    expect(refused).toMatchObject({
      errorCount: 2,
      retCodes: { "-1": 2 },
      requestedDurationSeconds: null,
    });
    expect(refused.meta["exactlyCalls"]).toBe(2);
    expect(assessTrialValidity(refused).map((f) => `${f.code}:${f.severity}`)).toEqual(
      expect.arrayContaining(["errors:invalid", "too_few_samples:invalid"]),
    );
  });

  it("keeps the payload length, never its contents or credentials", () => {
    const text = readFixture("fortio/baseline-qps500-c10-payload1k.json");
    const doc = JSON.parse(text) as Record<string, unknown>;
    const t = importFortioJson(text);
    expect(t.payloadBytes).toBe(1024);
    const stored = JSON.stringify(t);
    expect(stored).not.toContain(String(doc["Payload"]).slice(0, 16));
    const secret = importFortioJson(
      JSON.stringify({
        ...doc,
        UserCredentials: "alice:s3cret",
        URL: "http://bob:hunter2@example.com:8080/echo?token=abc",
      }),
    );
    const json = JSON.stringify(secret);
    for (const leaked of ["s3cret", "alice", "hunter2", "token=abc"])
      expect(json).not.toContain(leaked);
    expect(secret.meta["url"]).toBe("http://example.com:8080/echo");
  });

  it("takes REST results as results: sync GET, POST JSON through the proxy, async save", () => {
    for (const name of [
      "rest-sync-get-qps200-c4",
      "rest-post-json-proxy-qps200-c4",
      "rest-async-save-result",
    ]) {
      const t = importFortioJson(readFixture(`fortio/rest/${name}.json`));
      expect(t.requestCount).toBeGreaterThan(0);
    }
  });

  it.each(REST_REPLY_FIXTURES)("recognises %s as a REST reply, not a result", (name) => {
    let error: unknown;
    try {
      importFortioJson(readFixture(name));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).field).toBe("(root)");
    expect((error as ImportError).reason).toMatch(
      /^not a result, this is a Fortio REST (status|error) reply/,
    );
  });

  it("explains the REST reply it saw", () => {
    expect(() => importFortioJson(readFixture("fortio/rest/rest-async-reply.json"))).toThrow(
      '(root): not a result, this is a Fortio REST status reply ("started", run 3); the result is at http://127.0.0.1:18080/fortio/data/2026-11-22-075636_3_rest_async.json when the run ends',
    );
    expect(() => importFortioJson(readFixture("fortio/rest/rest-error-nourl.json"))).toThrow(
      "(root): not a result, this is a Fortio REST error reply (URL is required)",
    );
  });
});

describe("Nighthawk's Fortio-compatible output through the Fortio importer", () => {
  it("imports the quirks form (string counts, numeric RequestedQPS, no RunType)", () => {
    const t = importFortioJson(readFixture("nighthawk/output_formatter.medium.fortio.gold.json"));
    expect(t).toMatchObject({
      loadGenerator: "nighthawk",
      runType: "HTTP",
      requestedQps: 12,
      connections: 12,
      requestCount: 48,
    });
    expect(t.meta["format"]).toBe("nighthawk-fortio");
    expect((t.meta["reportedPercentiles"] as { percentile: number }[])[0]?.percentile).toBe(50);
    expect(t.histogram!.buckets.every((b) => b.count > 0)).toBe(true);
    expect(ZTrialResult.parse(t)).toEqual(t);
  });

  it("imports the no-quirks form", () => {
    const t = importFortioJson(
      readFixture("nighthawk/output_formatter.medium.fortio-noquirks.gold.json"),
    );
    expect(t).toMatchObject({
      loadGenerator: "nighthawk",
      requestedQps: 30,
      requestCount: 53,
      errorCount: 0,
      retCodes: { "200": 56 },
    });
    expect(t.meta["url"]).toBe("https://www.google.com/");
  });
});
