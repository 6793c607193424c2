import {
  createAlertRepository,
  createBenchmarkRepository,
  createChangePointDecisionRepository,
  createPrismaClient,
  createRunRepository,
} from "@meshbench/db";
import { parseOutboundPolicy } from "@meshbench/outbound";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../create-services";
import { createArrivalService } from "./arrival";
import { alertWorkspace, historyRun } from "./test-support/alert-fixtures";

const SERIES = "baseline @ 100 QPS, 8 conn|p50";
const STEP_AT = 7;

describe("change points found when data arrives (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let services: Services;
  let target: Awaited<ReturnType<typeof alertWorkspace>>;
  let channelId: string;
  const runIds: string[] = [];
  const deliveries = () =>
    db().alertDelivery.findMany({
      where: { workspaceId: target.ws },
      orderBy: { createdAt: "asc" },
    });

  beforeAll(async () => {
    services = createServices(db(), { alertPolicy: parseOutboundPolicy("test", "") });
    target = await alertWorkspace(db(), services, "steps");
    channelId = (
      await services.alerts.createChannel(
        target.ws,
        { kind: "webhook", name: "ops", url: "http://127.0.0.1:9/hook" },
        { actorUserId: null },
      )
    ).channel.id;
    await services.alerts.createRule(
      target.ws,
      {
        benchmarkKey: target.benchmarkKey,
        channelId,
        kind: "change_point",
        seriesKey: SERIES,
      },
      { actorUserId: null },
    );
    // A twelve-night history with a real step up from night 7 on (the matrix's nginx files).
    for (let n = 1; n <= 12; n++)
      runIds.push(await historyRun(db(), target, n, { stepped: n >= STEP_AT, daysAgo: 13 - n }));
  });

  it("stores the step once with its identity and alerts exactly once across recomputations", async () => {
    expect(await services.arrivals.runFinished(target.ws, runIds[11]!)).toBe(1);
    expect(await services.arrivals.runFinished(target.ws, runIds[11]!)).toBe(0);
    const stored = await db().changePointDecision.findMany({
      where: { workspaceId: target.ws, seriesKey: SERIES },
    });
    expect(stored.map((s) => [s.runId, s.status, s.decidedAt])).toEqual([
      [runIds[STEP_AT - 1], "open", null],
    ]);
    expect(stored[0]!.afterMs!).toBeGreaterThan(stored[0]!.beforeMs!);
    const sent = await deliveries();
    expect(sent.map((d) => d.eventKey)).toEqual([`change-point:${SERIES}@${runIds[STEP_AT - 1]}`]);
    expect(sent[0]!.message).toMatchObject({
      kind: "change_point",
      seriesKey: SERIES,
      runId: runIds[STEP_AT - 1],
    });
    // A new night with the same level: recomputed, same change point, no new alert.
    runIds.push(await historyRun(db(), target, 13, { stepped: true, daysAgo: 0 }));
    expect(await services.arrivals.runFinished(target.ws, runIds[12]!)).toBe(0);
    expect(await deliveries()).toHaveLength(1);
    // The history page reads the same stored change point (one home), still open.
    const page = await services.history.get(target.ws, {
      benchmarkKey: target.benchmarkKey,
      statistic: "p50",
      limit: 30,
    });
    expect(page.changePoints?.map((c) => [c.runId, c.status])).toEqual([
      [runIds[STEP_AT - 1], "open"],
    ]);
  });

  it("a dismissed step found again one run later does not alert again", async () => {
    await services.history.decideChangePoint(target.ws, null, {
      benchmarkKey: target.benchmarkKey,
      seriesKey: SERIES,
      runId: runIds[STEP_AT - 1]!,
      status: "dismissed",
    });
    // Detection that places the same step one run later (the kind of drift new data causes).
    const drifted = createArrivalService({
      ...arrivalDeps(services),
      history: {
        async get(ws, input) {
          const h = await services.history.get(ws, input);
          return {
            ...h,
            changePoints: h.changePoints?.map((c) =>
              c.runId === runIds[STEP_AT - 1] ? { ...c, runId: runIds[STEP_AT]! } : c,
            ),
          };
        },
      },
    });
    expect(await drifted.runFinished(target.ws, runIds[12]!)).toBe(0);
    const stored = await db().changePointDecision.findMany({
      where: { workspaceId: target.ws, seriesKey: SERIES },
      orderBy: { runId: "asc" },
    });
    // Stored (the history shows it), but no delivery: people already dismissed this step.
    expect(stored.map((s) => s.status).sort()).toEqual(["dismissed", "open"]);
    expect(await deliveries()).toHaveLength(1);
  });

  /** The arrival service's collaborators, as createServices wires them. */
  function arrivalDeps(s: Services) {
    return {
      runs: createRunRepository(db()),
      benchmarks: createBenchmarkRepository(db()),
      alerts: createAlertRepository(db()),
      decisions: createChangePointDecisionRepository(db()),
      verdicts: s.verdicts,
      reports: s.reports,
      queue: null,
      appUrl: "http://localhost:3000",
      log: () => undefined,
    };
  }
});
