import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, createMetrics, evaluateReadiness, requestIdFrom, type OpsSnapshot } from ".";

const value = (text: string, name: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  return line ? Number(line.split(" ").at(-1)) : undefined;
};

describe("createMetrics", () => {
  it("reads the database snapshot at scrape time and moves the counters with it", async () => {
    let snap: OpsSnapshot = { runsInFlight: 1, runsQueued: 2, trialsCompleted: 3, trialsFailed: 0 };
    const metrics = createMetrics({
      component: "worker",
      snapshot: () => Promise.resolve(snap),
      snapshotTtlMs: 0,
    });
    const first = await metrics.render();
    const { contentType } = first;
    let { body } = first;
    expect(contentType).toContain("text/plain");
    expect(value(body, "meshbench_runs_in_flight")).toBe(1);
    expect(value(body, "meshbench_queue_depth")).toBe(2);
    expect(value(body, "meshbench_trials_completed_total")).toBe(3);
    expect(value(body, "meshbench_database_up")).toBe(1);
    expect(body).toContain('component="worker"');
    expect(body).toContain("process_cpu_seconds_total");

    snap = { runsInFlight: 0, runsQueued: 0, trialsCompleted: 10, trialsFailed: 1 };
    ({ body } = await metrics.render());
    expect(value(body, "meshbench_trials_completed_total")).toBe(10);
    expect(value(body, "meshbench_trials_failed_total")).toBe(1);
  });

  it("keeps the last values and reports the database down when the snapshot fails", async () => {
    let fail = false;
    const metrics = createMetrics({
      component: "web",
      snapshot: () =>
        fail
          ? Promise.reject(new Error("down"))
          : Promise.resolve({
              runsInFlight: 4,
              runsQueued: 0,
              trialsCompleted: 0,
              trialsFailed: 0,
            }),
      snapshotTtlMs: 0,
    });
    await metrics.render();
    fail = true;
    const { body } = await metrics.render();
    expect(value(body, "meshbench_database_up")).toBe(0);
    expect(value(body, "meshbench_runs_in_flight")).toBe(4);
  });

  it("counts uploads by outcome, their trials and their latency", async () => {
    const metrics = createMetrics({ component: "web" });
    await metrics.observeIngest(
      () => Promise.resolve({ trials: [1, 2, 3] }),
      (r) => r.trials.length,
    );
    await expect(
      metrics.observeIngest(
        () => Promise.reject(new Error("bad")),
        () => 0,
      ),
    ).rejects.toThrow("bad");
    // Handed on without being stored (the upload's fast path said "not here"): not counted.
    await metrics.observeIngest(
      () => Promise.resolve({ status: "refused" }),
      () => null,
    );
    const { body } = await metrics.render();
    expect(body).toMatch(/meshbench_ingest_uploads_total\{outcome="stored",component="web"\} 1/);
    expect(body).toMatch(/meshbench_ingest_uploads_total\{outcome="failed",component="web"\} 1/);
    expect(value(body, "meshbench_ingest_trials_total")).toBe(3);
    expect(value(body, "meshbench_ingest_duration_seconds_count")).toBe(2);
    expect(body).not.toContain("meshbench_runs_in_flight");
  });
});

describe("createLogger", () => {
  it("writes one JSON line per event with component, ISO time and redacted secrets", () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger({ component: "worker", destination });
    log
      .child({ requestId: "abc" })
      .info({ token: "mbt_secret", headers: { authorization: "Bearer x" } }, "hello");
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: "info",
      component: "worker",
      requestId: "abc",
      msg: "hello",
    });
    expect(entry.token).toBe("[redacted]");
    expect(entry.headers).toEqual({ authorization: "[redacted]" });
    expect(new Date(entry.time as string).toISOString()).toBe(entry.time);
  });

  it("keeps a sane X-Request-Id and replaces anything else", () => {
    expect(requestIdFrom(new Headers({ "x-request-id": "req-1.2:3" }))).toBe("req-1.2:3");
    expect(requestIdFrom(new Headers({ "x-request-id": "bad id\n" }))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(new Headers())).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("evaluateReadiness", () => {
  it("is ready only when every check passes; throwing and slow checks fail", async () => {
    const ok = () => Promise.resolve({ ok: true });
    expect(await evaluateReadiness({ a: ok, b: ok })).toEqual({
      ready: true,
      checks: { a: { ok: true }, b: { ok: true } },
    });
    const result = await evaluateReadiness(
      {
        a: ok,
        boom: () => Promise.reject(new Error("no db\nstack")),
        slow: () => new Promise(() => {}),
      },
      50,
    );
    expect(result.ready).toBe(false);
    expect(result.checks.boom).toEqual({ ok: false, detail: "no db" });
    expect(result.checks.slow).toEqual({ ok: false, detail: "timed out after 50 ms" });
  });
});
