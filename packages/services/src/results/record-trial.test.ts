import type { HopCounters, PathReadings } from "@meshbench/core";
import { readFixture } from "@meshbench/testing/fixtures";
import { describe, expect, it } from "vitest";
import { assessedTrial, readTrialResult, type TrialPath } from "./record-trial";

// A real Fortio result: 5,000 calls at 500 QPS over 10 connections, responses 5,000 × 75 bytes.
const result = readTrialResult(readFixture("fortio/baseline-qps500-c10.json"), "fortio");
const coordinates = {
  variant: "ambient",
  requestedQps: 500,
  connections: 10,
  payloadBytes: 0,
  protocol: "http1" as const,
  keepAlive: true,
  repetition: 1,
};

const ztunnel = (bytes: number, mtls: number): HopCounters => ({
  requests: 0,
  mtlsRequests: 0,
  connections: 10,
  mtlsConnections: mtls > 0 ? 10 : 0,
  responseBytes: bytes,
  mtlsResponseBytes: mtls,
});
const zero = ztunnel(0, 0);
const both = (c: HopCounters): PathReadings => ({
  "client-proxy": { counters: c },
  "server-proxy": { counters: c },
});
/** The path's flags only (this fixture also earns a coarse-resolution warning). */
const pathFlags = (flags: { code: string }[]) => flags.filter((f) => f.code.startsWith("path_"));
const path = (after: HopCounters): TrialPath => ({
  mesh: "istio-ambient",
  topology: { client: "in-mesh", hops: ["client-proxy", "server-proxy"], mtls: true },
  before: both({ ...zero, connections: 0 }),
  after: both(after),
});

describe("a scheduled trial's path, judged against what its result says was sent", () => {
  it("keeps a trial whose ztunnels carried its responses' bytes with mTLS, the check stored with it", () => {
    const t = assessedTrial(coordinates, 1, result, undefined, path(ztunnel(375_750, 375_750)));
    expect(pathFlags(t.validityFlags)).toEqual([]);
    expect(t.pathCheck?.status).toBe("verified");
    expect(t.pathCheck?.hops[1]?.measures[1]).toEqual({
      measure: "response-bytes",
      sent: 375_000,
      counted: 375_750,
      mtls: 375_750,
      required: 337_500,
    });
  });

  it("flags a trial whose server-side ztunnel saw a tenth of it: invalid, so it is no mesh cost", () => {
    const tenth = path(ztunnel(375_750, 375_750));
    tenth.after["server-proxy"] = { counters: ztunnel(37_500, 37_500) };
    const t = assessedTrial(coordinates, 1, result, undefined, tenth);
    expect(t.pathCheck?.status).toBe("not_verified");
    expect(pathFlags(t.validityFlags)).toEqual([
      {
        code: "path_not_verified",
        severity: "invalid",
        message:
          "traffic did not take the declared path: ztunnel (server side) counted 37,500 of 375,000 response bytes (needs ≥ 337,500)",
      },
    ]);
  });

  it("checks nothing without a path (uploads, no mesh)", () => {
    const t = assessedTrial(coordinates, 1, result);
    expect(t.pathCheck).toBeNull();
  });
});
