import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { describe, expect, it } from "vitest";
import { describeRunRequest, fortioRunBody } from "./run-request";

const def = ZBenchmarkDefinition.parse({
  key: "k",
  name: "n",
  target: { kind: "fortio-echo", replicas: 2, resources: { requests: { cpu: "500m" } } },
  variants: [
    { name: "baseline", mesh: "baseline" },
    { name: "ambient", mesh: "istio-ambient", waypoint: "wp" },
  ],
  loadMatrix: { qps: [100, "max"], connections: [8], protocols: ["http1", "grpc"] },
  durationSeconds: 30,
  warmupSeconds: 5,
  methodology: {
    fortio: { uniform: true, noCatchUp: true },
    sidecarResources: { requests: { cpu: "100m" }, limits: { memory: "256Mi" } },
  },
});
const coords = {
  variant: "ambient",
  requestedQps: null,
  connections: 8,
  payloadBytes: 1024,
  protocol: "h2" as const,
  keepAlive: false,
  repetition: 3,
};

/** A definition with Fortio's defaults (no uniform, no catch-up switch). */
const plain = ZBenchmarkDefinition.parse({
  key: "k",
  name: "k",
  target: { kind: "fortio-echo" },
  variants: [{ name: "base", mesh: "baseline" }],
  loadMatrix: { qps: [100], connections: [2] },
});

describe("the REST request of a trial", () => {
  const input = {
    coordinates: coords,
    durationSeconds: 30,
    fortio: def.methodology.fortio,
    url: "http://echo.ns.svc.cluster.local:8080/echo",
    label: "r/t1-abc",
    headers: [],
  };
  const body = fortioRunBody(input, { save: true, async: true });

  it("asks Fortio's REST API for the trial's load, flag for flag, in a POST body", () => {
    expect(body).toEqual({
      url: "http://echo.ns.svc.cluster.local:8080/echo",
      qps: "-1",
      c: "8",
      t: "30s",
      r: "0.0001",
      labels: "r/t1-abc",
      uniform: "on",
      nocatchup: "on",
      payload: "x".repeat(1024),
      h2: "on",
      "connection-reuse": "1:1",
      async: "on",
      save: "on",
    });
    const described = describeRunRequest("ns/lg-fortio", body);
    expect(described).toMatch(
      /^POST ns\/lg-fortio:8080\/fortio\/rest\/run \{"url":"http:\/\/echo\.ns\.svc\.cluster\.local:8080\/echo","qps":"-1",/,
    );
    expect(described).toContain('"payload":"<1024 bytes>"');
  });

  it("carries headers as Fortio's `headers` list; a description shows what it was given", () => {
    const withHeaders = fortioRunBody(
      {
        ...input,
        headers: [
          { name: "X-Run", value: "bench" },
          { name: "Authorization", value: "<secret:elca-jwt>" },
        ],
      },
      { save: false, async: false },
    );
    expect(withHeaders.headers).toEqual(["X-Run: bench", "Authorization: <secret:elca-jwt>"]);
    expect(describeRunRequest("ns/lg-fortio", withHeaders)).toContain(
      '"headers":["X-Run: bench","Authorization: <secret:elca-jwt>"]',
    );
    expect(body).not.toHaveProperty("headers");
  });

  it("runs TCP load without HTTP-only flags", () => {
    const tcp = fortioRunBody(
      {
        coordinates: {
          variant: "base",
          requestedQps: 100,
          connections: 2,
          payloadBytes: 0,
          protocol: "tcp",
          keepAlive: false,
          repetition: 1,
        },
        durationSeconds: 3,
        fortio: plain.methodology.fortio,
        url: "tcp://echo.ns.svc.cluster.local:8078",
        label: "l",
        headers: [],
      },
      { save: true, async: true },
    );
    expect(tcp.url).toBe("tcp://echo.ns.svc.cluster.local:8078");
    expect(tcp).not.toHaveProperty("connection-reuse");
    expect(tcp).not.toHaveProperty("h2");
  });
});
