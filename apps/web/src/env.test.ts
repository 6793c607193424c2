import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

/** env.ts validates at import, as `next start` does through next.config: import it afresh. */
async function start(vars: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  return import("./env");
}

const PRODUCTION = {
  DATABASE_URL: "postgresql://meshbench@127.0.0.1:1/meshbench",
  MESHBENCH_MODE: "production",
  MESHBENCH_BASE_URL: "https://meshbench.example.com",
  BETTER_AUTH_SECRET: "a-production-secret-of-at-least-32-chars",
  MESHBENCH_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString("base64")}`,
  MESHBENCH_METRICS_TOKEN: "metrics-token-0123456789",
  MESHBENCH_SKIP_ENV_VALIDATION: undefined,
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("MESHBENCH_METRICS_TOKEN", () => {
  it("production refuses to start without it, naming the variable", async () => {
    await expect(start({ ...PRODUCTION, MESHBENCH_METRICS_TOKEN: undefined })).rejects.toThrow(
      /MESHBENCH_METRICS_TOKEN: production needs a bearer token/,
    );
    await expect(start({ ...PRODUCTION, MESHBENCH_METRICS_TOKEN: "" })).rejects.toThrow(
      /MESHBENCH_METRICS_TOKEN/,
    );
  });

  it("refuses a short token in any mode", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined); // t3-env lists the issues there
    for (const mode of ["production", "local"])
      await expect(
        start({ ...PRODUCTION, MESHBENCH_MODE: mode, MESHBENCH_METRICS_TOKEN: "short" }),
      ).rejects.toThrow(/Invalid environment variables/);
  });

  it("production starts with it; local mode starts without it", async () => {
    expect((await start(PRODUCTION)).env.MESHBENCH_METRICS_TOKEN).toBe("metrics-token-0123456789");
    const local = await start({
      DATABASE_URL: PRODUCTION.DATABASE_URL,
      MESHBENCH_MODE: "local",
      MESHBENCH_METRICS_TOKEN: undefined,
    });
    expect(local.env.MESHBENCH_METRICS_TOKEN).toBeUndefined();
  });
});
