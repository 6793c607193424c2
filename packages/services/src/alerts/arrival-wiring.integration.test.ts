import { createPrismaClient, createRunRepository } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../create-services";
import { alertDefinition, alertWorkspace } from "./test-support/alert-fixtures";

describe("every way a run ends reaches the alert rules (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let services: Services;
  let target: Awaited<ReturnType<typeof alertWorkspace>>;
  const queued: string[] = [];

  beforeAll(async () => {
    services = createServices(db(), {
      alertPolicy: null,
      deliveryQueue: { enqueue: (job) => Promise.resolve(queued.push(job.deliveryId)) },
    });
    target = await alertWorkspace(db(), services, "wiring");
    const { channel } = await services.alerts.createChannel(
      target.ws,
      { kind: "email", name: "oncall", address: "oncall@example.test" },
      { actorUserId: null },
    );
    await services.alerts.createRule(
      target.ws,
      {
        benchmarkKey: target.benchmarkKey,
        channelId: channel.id,
        kind: "run_failed",
      },
      { actorUserId: null },
    );
  });

  it("the worker failing a run queues one delivery; a cancelled run queues none", async () => {
    const runs = createRunRepository(db());
    const create = () =>
      runs.create(target.ws, {
        title: "scheduled night",
        source: "import",
        status: "running",
        benchmarkId: target.benchmarkId,
        definition: alertDefinition(target.benchmarkKey),
      });
    const failed = await create();
    await services.execution.fail(
      target.ws,
      failed,
      "a trial failed and the failure policy is stop",
    );
    expect(queued).toHaveLength(1);
    const delivery = await db().alertDelivery.findFirstOrThrow({ where: { id: queued[0]! } });
    expect(delivery).toMatchObject({ eventKey: `run:${failed}`, status: "pending" });
    expect(delivery.message).toMatchObject({
      kind: "run_failed",
      runId: failed,
      text: 'Run "scheduled night" failed: a trial failed and the failure policy is stop.',
    });
    const cancelled = await create();
    await services.scheduling.cancel(target.ws, cancelled);
    await services.execution.fail(target.ws, cancelled, "too late");
    expect(queued).toHaveLength(1);
  });
});
