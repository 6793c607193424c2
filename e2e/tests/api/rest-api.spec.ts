import path from "node:path";
import { validate } from "@readme/openapi-parser";
import { expect, test } from "@playwright/test";
import { bearer, createToken, DEMO_TOKEN, fixture, fixtureFiles } from "./api-fixtures";

test.describe.configure({ mode: "serial" });

test("the OpenAPI 3.1 document validates and lists the CI endpoints", async ({ request }) => {
  const res = await request.get("/api/v1/openapi.json");
  expect(res.ok()).toBe(true);
  const doc = await res.json();
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      "/results",
      "/runs",
      "/runs/{runId}",
      "/runs/{runId}/verdict",
      "/benchmarks/{benchmarkKey}/history",
      "/clusters",
      "/clusters/{clusterId}/credentials",
    ]),
  );
  const result = await validate(doc);
  expect(result.valid, JSON.stringify(result)).toBe(true);
});

test("the docs page works offline: no external scripts or styles", async ({ request }) => {
  const html = await (await request.get("/api/docs")).text();
  expect(html).toContain("/api/v1/openapi.json");
  expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/);
});

test("uploads every fixture through REST with a token", async ({ request }) => {
  for (const [dir, files] of fixtureFiles()) {
    const trials = files.map((file, i) => ({
      result: fixture(file),
      variant: "v" + String(i),
      ...(file.startsWith("wrk") ? { requestedQps: null } : {}),
    }));
    const res = await request.post("/api/v1/results", {
      headers: bearer(DEMO_TOKEN),
      data: { benchmark: "fixtures", trials, labels: { folder: dir || "root" } },
    });
    const body = await res.json();
    if (dir === "fortio/rest") {
      // The folder mixes results with REST replies ("started", status, errors), so the batch
      // is refused as a whole, naming a trial's result; then each file alone.
      expect(res.status(), JSON.stringify(body)).toBe(400);
      expect(body.error.field).toMatch(/^trials\[\d+\]\.result/);
      const accepted: string[] = [];
      for (const file of files) {
        const one = await request.post("/api/v1/results", {
          headers: bearer(DEMO_TOKEN),
          data: { benchmark: "fixtures", trials: [{ result: fixture(file) }] },
        });
        const oneBody = await one.json();
        if (one.status() === 200) accepted.push(path.basename(file, ".json"));
        else {
          expect(one.status(), `${file}: ${JSON.stringify(oneBody)}`).toBe(400);
          expect(oneBody.error.field).toBe("trials[0].result");
          expect(oneBody.error.message).toContain("not a result, this is a Fortio REST");
        }
      }
      expect(accepted.sort()).toEqual([
        "rest-async-save-result",
        "rest-error-connrefused-n2",
        "rest-post-json-proxy-qps200-c4",
        "rest-sync-get-qps200-c4",
      ]);
      continue;
    }
    expect(res.status(), `${dir}: ${JSON.stringify(body)}`).toBe(200);
    expect(body.trials).toHaveLength(files.length);
    const run = await (
      await request.get(`/api/v1/runs/${body.runId}`, { headers: bearer(DEMO_TOKEN) })
    ).json();
    expect(run).toMatchObject({
      id: body.runId,
      status: "succeeded",
      benchmarkKey: "fixtures",
      trialsDone: files.length,
    });
  }
});

test("rejects missing, wrong, under-scoped and foreign tokens without leaking detail", async ({
  request,
}) => {
  const body = {
    benchmark: "auth-check",
    trials: [{ result: fixture("fortio/baseline-qps100-c1.json") }],
  };
  const none = await request.post("/api/v1/results", { data: body });
  expect(none.status()).toBe(401);
  expect((await none.json()).error).toMatchObject({ code: "UNAUTHORIZED", field: null });
  const wrong = await request.post("/api/v1/results", {
    headers: bearer("mbt_not_a_real_token"),
    data: body,
  });
  expect(wrong.status()).toBe(401);
  const wrongBody = await wrong.json();
  expect(Object.keys(wrongBody.error).sort()).toEqual(["code", "field", "issues", "message"]);
  expect(JSON.stringify(wrongBody)).not.toMatch(/stack|prisma|hash|mbt_/i);

  const readOnly = await createToken("demo", ["read"]);
  const underScoped = await request.post("/api/v1/results", {
    headers: bearer(readOnly),
    data: body,
  });
  expect(underScoped.status()).toBe(403);
  expect((await underScoped.json()).error.message).toBe(
    "This API token lacks the results:write scope",
  );

  const mine = await (
    await request.post("/api/v1/results", { headers: bearer(DEMO_TOKEN), data: body })
  ).json();
  const foreign = await createToken("e2e-other", ["read", "results:write"]);
  expect(
    (await request.get(`/api/v1/runs/${mine.runId}`, { headers: bearer(foreign) })).status(),
  ).toBe(404);
  expect(
    (
      await request.get(`/api/v1/runs/${mine.runId}/verdict`, { headers: bearer(foreign) })
    ).status(),
  ).toBe(404);
  expect(
    (await request.get(`/api/v1/runs/${mine.runId}`, { headers: bearer(readOnly) })).status(),
  ).toBe(200);
});

test("bad requests get 4xx naming the field; oversized bodies 413", async ({ request }) => {
  const missing = await request.post("/api/v1/results", {
    headers: bearer(DEMO_TOKEN),
    data: { trials: [] },
  });
  expect(missing.status()).toBe(400);
  expect((await missing.json()).error.field).toBe("benchmark");
  const garbage = await request.post("/api/v1/results", {
    headers: bearer(DEMO_TOKEN),
    data: {
      benchmark: "bad",
      trials: [
        { result: fixture("fortio/baseline-qps100-c1.json") },
        { result: '{"nope": true}', format: "fortio" },
      ],
    },
  });
  expect(garbage.status()).toBe(400);
  expect((await garbage.json()).error.field).toMatch(/^trials\[1\]\.result/);
  const huge = await request.post("/api/v1/results", {
    headers: { ...bearer(DEMO_TOKEN), "content-type": "application/json" },
    data: "x".repeat(10 * 1024 * 1024 + 1),
  });
  expect(huge.status()).toBe(413);
  expect((await huge.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
});

test("an Idempotency-Key retry returns the first response; a changed body is a 409", async ({
  request,
}) => {
  const key = `e2e-${Date.now()}`;
  const data = {
    benchmark: "idem",
    trials: [{ result: fixture("fortio/baseline-qps500-c10.json") }],
  };
  const headers = { ...bearer(DEMO_TOKEN), "idempotency-key": key };
  const first = await request.post("/api/v1/results", { headers, data });
  const retry = await request.post("/api/v1/results", { headers, data });
  expect(first.status()).toBe(200);
  expect(retry.status()).toBe(200);
  expect(retry.headers()["idempotency-replayed"]).toBe("true");
  expect((await retry.json()).runId).toBe((await first.json()).runId);
  const changed = await request.post("/api/v1/results", {
    headers,
    data: { ...data, labels: { x: "y" } },
  });
  expect(changed.status()).toBe(409);
  const runs = await (
    await request.get("/api/v1/benchmarks/idem/history?statistic=p50", {
      headers: bearer(DEMO_TOKEN),
    })
  ).json();
  expect(runs.runs).toHaveLength(1);
});
