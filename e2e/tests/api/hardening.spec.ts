import http from "node:http";
import { expect, test } from "@playwright/test";
import { DEMO_USER_EMAIL, DEMO_USER_PASSWORD, signInOverHttp } from "../../fixtures/auth";
import { baseUrl, bearer, DEMO_TOKEN, fixture } from "./api-fixtures";

/** fetch refuses TRACE/TRACK itself, so those go out through node:http. */
function rawRequest(method: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl()}${path}`, { method }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

// Regression tests for the hardening issue, each at the HTTP boundary of the production server.
const upload = (benchmark: string, extra: Record<string, unknown> = {}) => ({
  benchmark,
  trials: [{ result: fixture("fortio/matrix/baseline-qps100-c8-rep1.json") }],
  ...extra,
});

test("uploads still succeed after thousands of requests (no per-request re-wrapping)", async ({
  request,
}) => {
  expect(
    (
      await request.post("/api/v1/results", { headers: bearer(DEMO_TOKEN), data: upload("wrap-1") })
    ).status(),
  ).toBe(200);
  let next = 0;
  const health = async () => {
    while (next++ < 2_600) expect((await fetch(`${baseUrl()}/api/health`)).status).toBe(200);
  };
  await Promise.all(Array.from({ length: 8 }, health));
  const after = await request.post("/api/v1/results", {
    headers: bearer(DEMO_TOKEN),
    data: upload("wrap-2"),
  });
  expect(after.status(), await after.text()).toBe(200);
});

test("methods Next cannot represent and malformed paths get 4xx, not 500", async ({ request }) => {
  const trace = await rawRequest("TRACE", "/api/v1/results");
  expect(trace.status).toBe(405);
  expect((JSON.parse(trace.body) as { error: { code: string } }).error.code).toBe(
    "METHOD_NOT_SUPPORTED",
  );
  // Node's HTTP parser itself refuses methods it does not know (400) before any of our code.
  expect((await rawRequest("TRACK", "/api/v1/results")).status).toBe(400);
  expect((await fetch(`${baseUrl()}/api/health`, { method: "PROPFIND" })).status).toBe(405);
  const malformed = await request.get("/api/v1/runs/%ZZ", { headers: bearer(DEMO_TOKEN) });
  expect(malformed.status()).toBe(400);
  await signInOverHttp(request, DEMO_USER_EMAIL, DEMO_USER_PASSWORD);
  for (const path of ["/runs/%ZZ", "/runs/%E0%A4%A"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
  }
  const deep = '{"a":'.repeat(5000) + "1" + "}".repeat(5000);
  const nested = await request.post("/api/v1/results", {
    headers: { ...bearer(DEMO_TOKEN), "content-type": "application/json" },
    data: `{"benchmark":"deep","trials":[{"result":${deep}}]}`,
  });
  expect(nested.status()).toBe(400);
  expect((await nested.json()).error.message).toMatch(/nested deeper than 64/);
});

test("Kubernetes keys like constructor round-trip; invalid keys are refused before any write", async ({
  request,
}) => {
  await signInOverHttp(request, DEMO_USER_EMAIL, DEMO_USER_PASSWORD);
  const trpc = (procedure: string, input: unknown) =>
    request.post(`/api/trpc/${procedure}`, {
      headers: { origin: baseUrl() },
      data: { json: input },
    });
  const definition = (key: string, annotations: Record<string, string>) => ({
    key,
    name: key,
    target: { kind: "fortio-echo" },
    variants: [{ name: "baseline", mesh: "baseline", annotations, labels: { prototype: "p" } }],
    loadMatrix: { qps: [100], connections: [8] },
  });
  const created = await trpc(
    "benchmarks.create",
    definition("ctor-keys", { constructor: "x", "sidecar.istio.io/proxyCPU": "500m" }),
  );
  expect(created.status(), await created.text()).toBe(200);
  const fetched = await request.get(
    `/api/trpc/benchmarks.get?input=${encodeURIComponent(JSON.stringify({ json: { benchmarkKey: "ctor-keys" } }))}`,
  );
  expect(fetched.status()).toBe(200);
  const variant = (await fetched.json()).result.data.json.definition.variants[0];
  expect(variant.annotations["\u0000constructor"]).toBe("x"); // escaped on the wire only
  expect(variant.labels["\u0000prototype"]).toBe("p");

  const refused = await trpc("benchmarks.create", definition("bad-keys", { "bad key": "x" }));
  expect(refused.status()).toBe(400);
  const error = (await refused.json()).error.json;
  expect(error.data.field).toBe("variants[0].annotations.bad key");
  expect(error.message).toMatch(/variants\[0\]\.annotations\.bad key: key "bad key"/);
  const list = await request.get(
    `/api/trpc/benchmarks.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`,
  );
  expect(JSON.stringify(await list.json())).not.toContain("bad-keys");
});

test("cookie-authenticated REST writes from another origin are refused", async ({ request }) => {
  await signInOverHttp(request, DEMO_USER_EMAIL, DEMO_USER_PASSWORD);
  const forged = await request.post("/api/v1/results", {
    headers: { origin: "http://evil.example" },
    data: upload("csrf"),
  });
  expect(forged.status()).toBe(403);
  const own = await request.post("/api/v1/results", {
    headers: { origin: baseUrl() },
    data: upload("csrf"),
  });
  expect(own.status()).toBe(200);
});

test("the auth rate limit keys on the TCP peer: rotating X-Forwarded-For does not escape it", async () => {
  // A path of the limited family no other test uses, so this test's bucket is its own.
  const statuses: number[] = [];
  for (let i = 0; i < 40 && !statuses.includes(429); i++) {
    const response = await fetch(`${baseUrl()}/api/auth/forget-password`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: baseUrl(),
        "x-forwarded-for": `203.0.113.${i}`,
        "x-meshbench-peer-address": `198.51.100.${i}`, // dropped by the front door
      },
      body: JSON.stringify({ email: `x${i}@example.test` }),
    });
    statuses.push(response.status);
    if (response.status === 429)
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  }
  expect(statuses).toContain(429);
  expect(statuses.length).toBeLessThanOrEqual(31); // MESHBENCH_AUTH_RATE_LIMIT=30 in the e2e server
});
