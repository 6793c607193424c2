import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

// Nothing listens on port 1: the metrics render without a database (meshbench_database_up 0).
const DATABASE_URL = "postgresql://meshbench@127.0.0.1:1/meshbench";
const TOKEN = "metrics-token-0123456789";

async function route(vars: Record<string, string | undefined>) {
  vi.resetModules();
  const all = { DATABASE_URL, MESHBENCH_LOG_LEVEL: "silent", ...vars };
  for (const [name, value] of Object.entries(all)) vi.stubEnv(name, value);
  return (await import("./route")).GET;
}
const scrape = (GET: (r: Request) => Promise<Response>, authorization?: string) =>
  GET(
    new Request("http://localhost/api/metrics", {
      headers: authorization ? { authorization } : {},
    }),
  );

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("GET /api/metrics", () => {
  it("production: 401 without the bearer token or with a wrong one, 200 with it", async () => {
    const GET = await route({
      MESHBENCH_MODE: "production",
      MESHBENCH_METRICS_TOKEN: TOKEN,
      // the other production requirements are env.test.ts's business
      MESHBENCH_SKIP_ENV_VALIDATION: "1",
    });
    for (const authorization of [
      undefined,
      "Bearer wrong-token-0123456789",
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const response = await scrape(GET, authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
      expect(await response.text()).not.toMatch(/meshbench_/);
    }
    const ok = await scrape(GET, `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/^# TYPE meshbench_database_up gauge$/m);
  });

  it("production without a token (validation skipped) stays closed", async () => {
    const GET = await route({
      MESHBENCH_MODE: "production",
      MESHBENCH_METRICS_TOKEN: undefined,
      MESHBENCH_SKIP_ENV_VALIDATION: "1",
    });
    expect((await scrape(GET)).status).toBe(401);
  });

  it("local mode without a token is open (the demo's Prometheus needs no secret)", async () => {
    const GET = await route({ MESHBENCH_MODE: "local", MESHBENCH_METRICS_TOKEN: undefined });
    expect((await scrape(GET)).status).toBe(200);
  });
});
