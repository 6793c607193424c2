import { createPrismaClient } from "@meshbench/db";
import { createServices } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { TRole } from "@meshbench/contracts";
import type { Actor } from "../../context";
import { createCaller } from "../../root";
import { HISTORY_STEP_RUN, seedDemo, seedHistoryDemo } from "@meshbench/demo";

const LEVEL = "qps-100/c8/p0/http1/ka";

describe("change points on a seeded history, and environment checks on compare (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let demo: Awaited<ReturnType<typeof seedDemo>>;
  let history: Awaited<ReturnType<typeof seedHistoryDemo>>;
  const as = (role: TRole) => {
    const actor: Actor = { userId: null, workspaceId: demo.workspaceId, role, via: "local" };
    return createCaller({ services: createServices(db()), actor });
  };

  beforeAll(async () => {
    demo = await seedDemo(db());
    history = await seedHistoryDemo(db(), demo.workspaceId);
  });

  it("finds the step where the proxy hop arrived, before → after", async () => {
    const h = await as("viewer").history.get({
      benchmarkKey: history.benchmarkKey,
      statistic: "p50",
    });
    expect(h.runs).toHaveLength(12);
    expect(h.changePoints).toHaveLength(1);
    const c = h.changePoints![0]!;
    expect(c).toMatchObject({
      seriesKey: "baseline @ 100 QPS, 8 conn|p50",
      runId: history.runIds[HISTORY_STEP_RUN - 1],
      previousRunId: history.runIds[HISTORY_STEP_RUN - 2],
      status: "open",
    });
    expect(c.afterMs).toBeGreaterThan(c.beforeMs);
    expect(c.relativeChange).toBeGreaterThan(0.1);
    expect(c.pValue).toBeLessThanOrEqual(0.05);
  });

  it("keeps a member's dismissal (greyed, still listed) and a later confirmation", async () => {
    const runId = history.runIds[HISTORY_STEP_RUN - 1]!;
    const seriesKey = "baseline @ 100 QPS, 8 conn|p50";
    const input = { benchmarkKey: history.benchmarkKey, seriesKey, runId };
    await as("member").history.decideChangePoint({ ...input, status: "dismissed" });
    const dismissed = await as("viewer").history.get({
      benchmarkKey: history.benchmarkKey,
      statistic: "p50",
    });
    expect(dismissed.changePoints?.map((c) => c.status)).toEqual(["dismissed"]);
    await as("member").history.decideChangePoint({ ...input, status: "confirmed" });
    const rows = await db().changePointDecision.findMany({ where: { seriesKey } });
    expect(rows.map((r) => [r.runId, r.status])).toEqual([[runId, "confirmed"]]);
    await expect(
      as("viewer").history.decideChangePoint({ ...input, status: "dismissed" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      as("member").history.decideChangePoint({ ...input, runId: demo.runId, status: "dismissed" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lists what differs between runs from different environments, and says 'unknown' without one", async () => {
    const before = history.runIds[HISTORY_STEP_RUN - 2]!;
    const after = history.runIds[HISTORY_STEP_RUN - 1]!;
    const across = await as("viewer").reports.compare({
      items: [
        { runId: before, variant: "baseline", levelKey: LEVEL },
        { runId: after, variant: "baseline", levelKey: LEVEL },
      ],
      reference: 0,
    });
    expect(across.environments?.map((e) => e.differences)).toEqual([
      [],
      [{ field: "meshVersions.istio", a: "1.26.2", b: "1.27.1" }],
    ]);
    const same = await as("viewer").reports.compare({
      items: [
        { runId: history.runIds[0]!, variant: "baseline", levelKey: LEVEL },
        { runId: before, variant: "baseline", levelKey: LEVEL },
      ],
      reference: 0,
    });
    expect(same.environments?.[1]?.differences).toEqual([]);
    const withUpload = await as("viewer").reports.compare({
      items: [
        { runId: demo.runId, variant: "baseline", levelKey: LEVEL },
        { runId: before, variant: "baseline", levelKey: LEVEL },
      ],
      reference: 0,
    });
    expect(withUpload.environments?.map((e) => e.fingerprintId === null)).toEqual([true, false]);
    expect(withUpload.environments?.[1]?.differences).toBeNull();
  });
});
