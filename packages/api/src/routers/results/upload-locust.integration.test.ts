import type { TRunResults, TUploadResultsOutput } from "@meshbench/contracts";
import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { createServices } from "@meshbench/services";
import { readFixture } from "@meshbench/testing/fixtures";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createRestHandler } from "../../rest";

/** A real Locust run committed with the importer: its stats followed by its stats_history. */
const locust = (prefix: string) =>
  ["_stats.csv", "_stats_history.csv"]
    .map((suffix) => readFixture(`locust/${prefix}${suffix}`))
    .join("");

describe("uploading Locust --csv results over REST", () => {
  const db = useTestDatabase(createPrismaClient);
  let workspaceId: string;
  const actor = (): Actor => ({
    userId: null,
    workspaceId,
    role: "member",
    via: "token",
    tokenId: null,
    scopes: ["read", "results:write"],
  });
  const rest = (method: string, url: string, body?: unknown) =>
    createRestHandler({
      idempotency: () => createIdempotencyRepository(db()),
      createContext: () => Promise.resolve({ services: createServices(db()), actor: actor() }),
      trustedOrigins: ["http://meshbench.test"],
    })(
      new Request(`http://meshbench.test/api/v1${url}`, {
        method,
        headers: { "content-type": "application/json" },
        ...(body ? { body: JSON.stringify(body) } : {}),
      }),
    );

  beforeAll(async () => {
    workspaceId = (await db().workspace.create({ data: { slug: "locust", name: "L" } })).id;
  });

  it("stores each stats(+history) document as a summary-only trial and reads the run back", async () => {
    const posted = await rest("POST", "/results", {
      benchmark: "elca-counter",
      variant: "no-mesh",
      trials: [
        { result: locust("locust-fortio-echo-u10"), requestedQps: 100 },
        // Auto-detected as well as named; the 20-user run is the 200 RPS level.
        { result: locust("locust-fortio-echo-u20"), requestedQps: 200, format: "locust" },
      ],
    });
    expect(posted.status).toBe(200);
    const out = (await posted.json()) as TUploadResultsOutput;
    expect(out.trials.map((t) => [t.requestedQps, t.connections, t.requestCount])).toEqual([
      [100, 10, 910],
      [200, 20, 1819],
    ]);
    expect(out.trials.every((t) => t.loadGenerator === "locust")).toBe(true);

    const read = await rest("GET", `/runs/${out.runId}`);
    expect(read.status).toBe(200);
    const run = (await read.json()) as TRunResults;
    const u10 = run.trials.find((t) => t.requestedQps === 100)!;
    expect(u10).toMatchObject({ loadGenerator: "locust", errorCount: 5, requestCount: 910 });
    expect(u10.actualQps).toBeCloseTo(101.25, 6);
    expect(u10.latencyMs).toMatchObject({ p50Ms: 2, p75Ms: 3, p90Ms: 4, p99Ms: 6 });
    expect(u10.latencyMs["maxMs"]).toBeCloseTo(38.699, 3);
    // Locust's 99.99% column is stored and read back (79 ms at 20 users, 72 ms at p99.9).
    const u20 = run.trials.find((t) => t.requestedQps === 200)!;
    expect(u20.latencyMs["p999Ms"]).toBeCloseTo(72, 9);
    expect(u20.latencyMs["p9999Ms"]).toBeCloseTo(79, 9);
    expect(u10.validityFlags.map((f) => f.code)).toEqual(["errors", "summary_only"]);
    const stored = await db().trial.findFirstOrThrow({ where: { runId: out.runId } });
    expect(stored.histogram).toBeNull();
  });

  it("asks for connections when only the stats CSV is sent (users are in the history)", async () => {
    const stats = readFixture("locust/locust-fortio-echo-u10_stats.csv");
    const refused = await rest("POST", "/results", { benchmark: "b", trials: [{ result: stats }] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { field: string } }).error.field).toBe(
      "trials[0].connections",
    );
    const ok = await rest("POST", "/results", {
      benchmark: "b",
      trials: [{ result: stats, connections: 10 }],
    });
    expect(ok.status).toBe(200);
  });
});
