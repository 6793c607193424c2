import { describe, expect, it } from "vitest";
import {
  fortioListsARun,
  fortioOkCalls,
  fortioRestReply,
  fortioRunsByLabel,
  fortioStartedRun,
  mayBeFortioRestReply,
} from "./fortio-rest-replies";

// Replies as Fortio 1.68 sends them (formats/fixtures/fortio/rest has the full set).
const STARTED = {
  message: "started",
  RunID: 3,
  Count: 1,
  ResultID: "2026-11-22-075636_3_rest_async",
  ResultURL: "http://127.0.0.1:18080/fortio/data/2026-11-22-075636_3_rest_async.json",
};
const STATUS = {
  Statuses: {
    "3": {
      RunID: 3,
      State: 2,
      RunnerOptions: { RunType: "HTTP", QPS: 100, Labels: "r1/t3-ab", ID: "2026-11-22_3_r1" },
    },
    "4": { RunID: 4, State: 1, RunnerOptions: null },
    "5": { RunID: 5, State: 2, RunnerOptions: { RunType: "HTTP", ID: "2026-11-22_5" } },
  },
};

describe("Fortio's REST replies as the load generator's driver reads them", () => {
  it("finds runs in progress by label, skipping pending and unlabelled ones", () => {
    expect([...fortioRunsByLabel(STATUS)]).toEqual([
      ["r1/t3-ab", { runId: 3, resultId: "2026-11-22_3_r1" }],
    ]);
    expect(fortioRunsByLabel({ Statuses: null }).size).toBe(0);
    expect(fortioRunsByLabel({}).size).toBe(0);
  });

  it("says whether a run is still listed, reads a started run and a call's OK count", () => {
    expect(fortioListsARun(STATUS)).toBe(true);
    expect(fortioListsARun({ Statuses: {} })).toBe(false);
    expect(fortioListsARun({ Statuses: null })).toBe(false);
    expect(fortioStartedRun(STARTED)).toEqual({
      runId: 3,
      resultId: "2026-11-22-075636_3_rest_async",
    });
    expect(fortioOkCalls({ RetCodes: { OK: 1 } })).toBe(1);
    expect(fortioOkCalls({ RetCodes: { "200": 600, "403": 2 } })).toBe(600);
    expect(fortioOkCalls({ RetCodes: { "401": 1, "-1": 3 } })).toBe(0);
    expect(fortioOkCalls({})).toBe(0);
  });

  it("a non-object answer is not read as runs (the pod is the tenant's)", () => {
    expect(() => fortioRunsByLabel(null)).toThrow(TypeError);
    expect(() => fortioStartedRun(null)).toThrow(TypeError);
  });
});

describe("Fortio's REST replies as the importer recognises them", () => {
  it("tells errors, status lists and started or stopped runs from a result", () => {
    expect(fortioRestReply({ error: true, message: "URL is required" })).toEqual({
      kind: "error",
      details: ["URL is required"],
    });
    expect(fortioRestReply(STATUS)).toEqual({ kind: "status" });
    expect(fortioRestReply(STARTED)).toEqual({
      kind: "run",
      message: "started",
      runId: 3,
      resultUrl: STARTED.ResultURL,
    });
    expect(fortioRestReply({ ...STARTED, DurationHistogram: {} })).toBeNull();
    expect(fortioRestReply({ RunType: "HTTP" })).toBeNull();
  });

  it("routes anything with a reply's keys to the Fortio importer", () => {
    expect(mayBeFortioRestReply({ error: "x" })).toBe(true);
    expect(mayBeFortioRestReply({ RunID: 1 })).toBe(true);
    expect(mayBeFortioRestReply({ results: [] })).toBe(false);
  });
});
