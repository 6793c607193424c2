import { ZTrialResult } from "@meshbench/contracts";
import {
  assessTrialValidity,
  decodeHistogram,
  encodeHistogram,
  percentilesFromHistogram,
} from "@meshbench/core";
import { describe, expect, it } from "vitest";
import { importFortioJson } from "./fortio";
import { importNighthawkJson } from "./nighthawk";
import { readFixture } from "./test-support/fixtures";

describe("Nighthawk JSON", () => {
  const proto = importNighthawkJson(
    readFixture("nighthawk/output_formatter.medium.proto.trimmed.json"),
  );

  it("uses the global result, not a worker", () => {
    expect(proto.requestCount).toBe(48);
    expect(proto.histogram!.min).toBe(0.055568383);
    expect(proto.histogram!.max).toBe(0.084357119);
    expect(proto.summary.stddev).toBe(0.005785869);
    expect(proto.summary.avg).toBeCloseTo(0.062589845, 15);
    expect(ZTrialResult.parse(proto)).toEqual(proto);
  });

  it("builds the same buckets Nighthawk's own Fortio output has for the same run", () => {
    const viaFortio = importFortioJson(
      readFixture("nighthawk/output_formatter.medium.fortio.gold.json"),
    );
    expect(proto.histogram!.buckets).toEqual(viaFortio.histogram!.buckets);
    expect(proto.histogram!.count).toBe(viaFortio.histogram!.count);
    for (const p of [50, 75, 90, 99]) {
      expect(percentilesFromHistogram(proto.histogram!, [p])).toEqual(
        percentilesFromHistogram(viaFortio.histogram!, [p]),
      );
    }
  });

  it("maps counters, options and timing (the trimmed file keeps one worker of twelve)", () => {
    expect(proto).toMatchObject({
      loadGenerator: "nighthawk",
      runType: "HTTP",
      protocol: "http1",
      keepAlive: true,
      resolutionSeconds: null,
      startedAt: "2019-10-16T00:30:12.911078318Z",
      requestedDurationSeconds: 5,
      retCodes: { "2xx": 60 },
      errorCount: 0,
      requestedQps: 1,
      connections: 1,
    });
    // no execution_duration in this old output: the requested duration stands in, and says so
    expect(proto.meta).toMatchObject({
      actualDurationFromOptions: true,
      upstreamRequests: 60,
      url: "http://127.0.0.1:10000/",
    });
    expect(proto.actualQps).toBe(12);
  });

  it("imports a real global-only run, counting 3xx and connection failures as errors", () => {
    const t = importNighthawkJson(readFixture("nighthawk/large-sample.json"));
    expect(t).toMatchObject({
      requestedQps: 2000,
      connections: 100,
      requestCount: 1317,
      retCodes: { "3xx": 1317 },
      errorCount: 1317,
      actualDurationSeconds: 5.000010451,
      startedAt: "2020-06-10T09:47:06.915922617Z",
    });
    expect(t.actualQps).toBeCloseTo(1368 / 5.000010451, 12);
    expect(t.histogram!.min).toBe(0.085323775);
    expect(t.histogram!.max).toBe(0.112316415);
    expect(t.meta).toMatchObject({ poolOverflow: 8631, openLoop: true, workers: 1 });
    expect(decodeHistogram(encodeHistogram(t.histogram!))).toStrictEqual(t.histogram);
    expect(assessTrialValidity(t).map((f) => f.code)).toEqual(["qps_shortfall", "errors"]);
    // The HDR percentile entries Nighthawk printed are reproduced at their own percentiles.
    expect(percentilesFromHistogram(t.histogram!, [50])[0]).toBeCloseTo(0.092962815, 4);
  });

  it("routes Nighthawk's Fortio-compatible output to the Fortio importer", () => {
    const t = importNighthawkJson(
      readFixture("nighthawk/output_formatter.medium.fortio-noquirks.gold.json"),
    );
    expect(t.loadGenerator).toBe("nighthawk");
    expect(t.meta["format"]).toBe("nighthawk-fortio");
  });
});
