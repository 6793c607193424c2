import { describe, expect, it } from "vitest";
import type { ProxyAnswer, ProxyRequest } from "./pod-proxy";
import { FortioServer } from "./server";

const BASE = "/api/v1/namespaces/mb-r1-v/pods/lg-fortio-1:8080/proxy/fortio/";

/** A pod proxy that answers by path (what the apiserver would relay) and records each call. */
function fakeProxy(answers: Record<string, ProxyAnswer | Error>) {
  const seen: { path: string; json?: unknown; timeoutMs: number }[] = [];
  const send = (call: ProxyRequest, timeoutMs: number) => {
    seen.push({ ...call, timeoutMs });
    const rest = call.path.slice(BASE.length);
    const a = answers[rest] ?? answers[rest.split("?")[0]!] ?? { status: 404, body: "" };
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
  };
  return { server: new FortioServer(send, "mb-r1-v", "lg-fortio-1"), seen };
}
const json = (body: unknown): ProxyAnswer => ({ status: 200, body: JSON.stringify(body) });

describe("FortioServer: Fortio's REST API on a load-generator pod, through the pod proxy", () => {
  it("starts a run, finds it by label, waits for it, reads its saved result", async () => {
    const run = { runId: 7, resultId: "2026-11-22_7_r1" };
    const { server, seen } = fakeProxy({
      "rest/run": json({ message: "started", RunID: 7, ResultID: run.resultId }),
      "rest/status": json({
        Statuses: {
          "7": { RunID: 7, State: 2, RunnerOptions: { Labels: "r1/t1", ID: run.resultId } },
        },
      }),
      [`data/${run.resultId}.json`]: { status: 200, body: '{"DurationHistogram":{}}' },
      "rest/stop": json({ message: "stopped", RunID: 0 }),
    });
    const body = { url: "http://echo", labels: "r1/t1", headers: ["Authorization: Bearer t"] };
    expect(await server.start(body)).toEqual(run);
    // POSTed as JSON: nothing of the run, its headers least of all, in the URL.
    expect(seen[0]).toMatchObject({ path: `${BASE}rest/run`, json: body });
    expect(await server.running()).toEqual(new Map([["r1/t1", run]]));
    expect(await server.isRunning(run)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ path: `${BASE}rest/status?runid=7`, json: undefined });
    expect(await server.result(run)).toBe('{"DurationHistogram":{}}');
    await server.stop(run);
    expect(seen.at(-1)!.path).toBe(`${BASE}rest/stop?runid=7&wait=on`);
  });

  it("waits for a synchronous run as long as it lasts, and a missing result is null", async () => {
    const { server, seen } = fakeProxy({ "rest/run": json({ RetCodes: { "200": 10 } }) });
    await server.runToEnd({ t: "5s" }, 5);
    expect(seen[0]!.timeoutMs).toBe(35_000);
    expect(await server.result({ runId: 1, resultId: "gone" })).toBeNull();
  });

  it("checks the target answers: HTTP through fetch, TCP or with headers by one unsaved call", async () => {
    const { server, seen } = fakeProxy({
      "fetch/echo.ns.svc.cluster.local:8080/echo": { status: 200, body: "" },
      "rest/run": json({ RetCodes: { OK: 1 } }),
    });
    expect(await server.reaches("http://echo.ns.svc.cluster.local:8080/echo")).toBe(true);
    expect(await server.reaches("http://other.ns.svc.cluster.local:8080/")).toBe(false);
    expect(await server.reaches("tcp://echo.ns.svc.cluster.local:8078")).toBe(true);
    expect(seen.at(-1)).toMatchObject({
      path: `${BASE}rest/run`,
      json: { url: "tcp://echo.ns.svc.cluster.local:8078", n: "1", qps: "-1", c: "1" },
    });
    const token = [{ name: "Authorization", value: "Bearer t" }];
    const { server: guarded, seen: sent } = fakeProxy({
      "rest/run": json({ RetCodes: { "403": 1 } }),
    });
    expect(await guarded.reaches("http://echo.ns.svc.cluster.local:8080/echo", token)).toBe(false);
    expect(sent[0]).toMatchObject({ json: { n: "1", headers: ["Authorization: Bearer t"] } });
    const { server: admitted } = fakeProxy({ "rest/run": json({ RetCodes: { "200": 1 } }) });
    expect(await admitted.reaches("http://echo.ns.svc.cluster.local:8080/echo", token)).toBe(true);
  });

  it("never quotes the pod's answer: errors name the call and the status or a category", async () => {
    const secret = "token=hunter2 <script>";
    const { server } = fakeProxy({
      "rest/status": { status: 500, body: secret },
      "rest/run": { status: 200, body: secret },
      "rest/stop": new Error(secret),
      "data/x.json": { status: 403, body: secret },
    });
    const errors = await Promise.all([
      server.running().catch((e: Error) => e.message),
      server.start({}).catch((e: Error) => e.message),
      server.stop({ runId: 1, resultId: "x" }).catch((e: Error) => e.message),
      server.result({ runId: 1, resultId: "x" }).catch((e: Error) => e.message),
    ]);
    expect(errors.slice(0, 2)).toEqual([
      "Fortio rest/status answered HTTP 500",
      "Fortio rest/run answered something that is not JSON",
    ]);
    expect(errors[2]).toMatch(/^Fortio rest\/stop: /);
    expect(errors[3]).toBe("Fortio data answered HTTP 403");
    for (const e of errors) expect(e).not.toContain("hunter2");
  });
});
