import type { TRestError, TTokenScope } from "@meshbench/contracts";
import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { createServices, generateApiToken } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { resolveActor } from "../auth/resolve-actor";
import { createRestHandler } from "./rest-handler";

const ORIGIN = "http://meshbench.test";

/** Schedules over REST, as `meshbench schedule …` calls them, with real tokens. */
describe("/schedules over REST", () => {
  const db = useTestDatabase(createPrismaClient);
  let workspaceId: string;
  let handle: ReturnType<typeof createRestHandler>;
  const tokens = {} as Record<"read" | "runs", string>;

  const tokenWith = async (scopes: TTokenScope[]) => {
    const { token, prefix, hash } = generateApiToken();
    await db().apiToken.create({ data: { workspaceId, name: "rest", prefix, hash, scopes } });
    return token;
  };
  const send = async (method: string, route: string, token: string, body?: unknown) => {
    const response = await handle(
      new Request(`${ORIGIN}/api/v1${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const nightly = { benchmarkKey: "nightly", clusterName: "lab", cron: "0 2 * * *" };

  beforeAll(async () => {
    workspaceId = (await db().workspace.create({ data: { slug: "rest-s", name: "REST s" } })).id;
    const services = createServices(db());
    handle = createRestHandler({
      idempotency: () => createIdempotencyRepository(db()),
      createContext: async (request) => ({
        services,
        actor: await resolveActor(request.headers, {
          getSession: () => Promise.resolve(null),
          memberships: services.members,
          tokens: services.tokens,
        }),
      }),
      trustedOrigins: [ORIGIN],
    });
    await db().cluster.create({ data: { workspaceId, name: "lab", status: "ready" } });
    await services.benchmarks.create(
      workspaceId,
      ZBenchmarkDefinition.parse({
        key: "nightly",
        name: "Nightly",
        target: { kind: "fortio-echo" },
        variants: [{ name: "baseline", mesh: "baseline" }],
        loadMatrix: { qps: [10], connections: [1] },
      }),
    );
    tokens.read = await tokenWith(["read"]);
    tokens.runs = await tokenWith(["runs:trigger"]);
  });

  it("refuses a bad cron or time zone with 400 naming the field, and stores nothing", async () => {
    for (const [body, field] of [
      [{ ...nightly, cron: "0 25 * * *", timezone: "UTC" }, "cron"],
      [{ ...nightly, cron: "* * * * * *", timezone: "UTC" }, "cron"],
      [{ ...nightly, timezone: "Atlantis/Capital" }, "timezone"],
    ] as const) {
      const response = await send("POST", "/schedules", tokens.runs, body);
      expect(response.status).toBe(400);
      expect((response.body as TRestError).error.field).toBe(field);
    }
    expect(await db().schedule.count()).toBe(0);
  });

  it("a read token lists and previews but cannot create", async () => {
    const refused = await send("POST", "/schedules", tokens.read, { ...nightly, timezone: "UTC" });
    expect(refused.status).toBe(403);
    const preview = await send(
      "GET",
      `/schedules/preview?cron=${encodeURIComponent("30 6 * * 1")}&timezone=Europe%2FBerlin`,
      tokens.read,
    );
    expect(preview.status).toBe(200);
    const next = preview.body.nextRuns as string[];
    expect(next).toHaveLength(5);
    // Monday 06:30 in Berlin is 04:30 or 05:30 UTC depending on the season.
    for (const d of next) expect(new Date(d).getUTCDay()).toBe(1);
  });

  it("creates by key and name, lists with next runs, disables, deletes", async () => {
    const created = await send("POST", "/schedules", tokens.runs, {
      ...nightly,
      timezone: "America/New_York",
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      benchmarkKey: "nightly",
      clusterName: "lab",
      enabled: true,
      timezone: "America/New_York",
    });
    expect(created.body.nextRuns as string[]).toHaveLength(5);
    const id = created.body.id as string;

    const listed = await send("GET", "/schedules?benchmarkKey=nightly", tokens.read);
    expect((listed.body as unknown as { id: string }[]).map((s) => s.id)).toEqual([id]);

    const disabled = await send("PATCH", `/schedules/${id}`, tokens.runs, { enabled: false });
    expect(disabled.body).toMatchObject({ enabled: false, nextRuns: [] });
    const badEdit = await send("PATCH", `/schedules/${id}`, tokens.runs, { timezone: "Nowhere" });
    expect((badEdit.body as TRestError).error.field).toBe("timezone");

    expect((await send("DELETE", `/schedules/${id}`, tokens.read)).status).toBe(403);
    expect((await send("DELETE", `/schedules/${id}`, tokens.runs)).body).toEqual({ deleted: true });
    expect((await send("DELETE", `/schedules/${id}`, tokens.runs)).status).toBe(404);
  });
});
