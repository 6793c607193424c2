import { createHmac } from "node:crypto";
import { createDeliveryQueue, createPrismaClient, type DeliveryQueue } from "@meshbench/db";
import { parseOutboundPolicy } from "@meshbench/outbound";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../create-services";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./senders";
import { alertWorkspace, historyRun } from "./test-support/alert-fixtures";
import { startReceiver } from "./test-support/receiver";

const TEST_POLICY = parseOutboundPolicy("test", "");
const actor = { actorUserId: null };

describe("alert deliveries to a webhook (loopback receiver, pg-boss queue, real database)", () => {
  let url = "";
  const db = useTestDatabase((u) => {
    url = u;
    return createPrismaClient(u);
  });
  let queue: DeliveryQueue;
  let services: Services;
  const logs: string[] = [];
  const seen: string[] = [];

  beforeAll(async () => {
    queue = createDeliveryQueue(url, { attempts: 3, retryDelaySeconds: 1, pollSeconds: 0.5 });
    services = createServices(db(), {
      alertPolicy: TEST_POLICY,
      deliveryQueue: queue,
      log: (l) => logs.push(l),
    });
    await queue.work(services.deliverAlert);
  });
  afterAll(async () => {
    await queue.stop({ graceful: false, timeoutMs: 5000 });
  });

  /** A webhook channel, a run_failed rule on a fresh benchmark, and one failed run of it. */
  async function failedRunAlert(slug: string, receiverUrl: string) {
    const target = await alertWorkspace(db(), services, slug);
    const created = await services.alerts.createChannel(
      target.ws,
      { kind: "webhook", name: "ops", url: receiverUrl },
      actor,
    );
    seen.push(JSON.stringify(created.channel));
    await services.alerts.createRule(
      target.ws,
      {
        benchmarkKey: target.benchmarkKey,
        channelId: created.channel.id,
        kind: "run_failed",
      },
      { actorUserId: null },
    );
    const runId = await historyRun(db(), target, 1, { failed: true, daysAgo: 0 });
    expect(await services.arrivals.runFinished(target.ws, runId)).toBe(1);
    // The same run finishing again (a retried job) does not alert twice.
    expect(await services.arrivals.runFinished(target.ws, runId)).toBe(0);
    return { ...target, runId, channelId: created.channel.id, secret: created.signingSecret! };
  }

  async function settled(ws: string, channelId: string) {
    let log = await services.alerts.deliveries(ws, channelId);
    for (let i = 0; i < 120 && log[0]?.status === "pending"; i++) {
      await new Promise((r) => setTimeout(r, 250));
      log = await services.alerts.deliveries(ws, channelId);
    }
    seen.push(JSON.stringify(log));
    return log;
  }

  it("signs the body, retries a 500 with backoff and logs every attempt", async () => {
    const receiver = await startReceiver([500, 500, 200]);
    try {
      const alert = await failedRunAlert("hook-retry", receiver.url);
      expect(alert.secret).toMatch(/^whsec_/);
      const [delivery] = await settled(alert.ws, alert.channelId);
      expect(delivery).toMatchObject({ status: "delivered", attempts: 3 });
      expect(delivery!.log.map((a) => [a.attempt, a.ok, a.statusCode])).toEqual([
        [1, false, 500],
        [2, false, 500],
        [3, true, 200],
      ]);
      // Backoff: the retries came later than at once.
      const at = delivery!.log.map((a) => a.at.getTime());
      expect(at[2]! - at[0]!).toBeGreaterThanOrEqual(1500);
      expect(receiver.received).toHaveLength(3);
      for (const r of receiver.received) {
        const timestamp = String(r.headers[TIMESTAMP_HEADER]);
        const expected = `sha256=${createHmac("sha256", alert.secret).update(`${timestamp}.${r.body}`).digest("hex")}`;
        expect(r.headers[SIGNATURE_HEADER]).toBe(expected);
        // A body changed in flight fails the check.
        const forged = createHmac("sha256", alert.secret)
          .update(`${timestamp}.${r.body} `)
          .digest("hex");
        expect(r.headers[SIGNATURE_HEADER]).not.toBe(`sha256=${forged}`);
      }
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
        kind: "run_failed",
        runId: alert.runId,
        benchmarkKey: alert.benchmarkKey,
      });
    } finally {
      await receiver.close();
    }
  });

  it("gives up after 3 attempts, logs status codes, never the receiver's body", async () => {
    const receiver = await startReceiver([500]);
    try {
      const alert = await failedRunAlert("hook-gives-up", receiver.url);
      const [delivery] = await settled(alert.ws, alert.channelId);
      expect(delivery).toMatchObject({ status: "failed", attempts: 3 });
      expect(delivery!.log.map((a) => [a.statusCode, a.errorClass])).toEqual([
        [500, "HTTP 500"],
        [500, "HTTP 500"],
        [500, "HTTP 500"],
      ]);
      await new Promise((r) => setTimeout(r, 3000));
      expect(receiver.received).toHaveLength(3);
      const rows = await db().alertDeliveryAttempt.findMany();
      expect(JSON.stringify(rows)).not.toContain("UPSTREAM-BODY");
      expect(JSON.stringify(delivery)).not.toContain("UPSTREAM-BODY");
    } finally {
      await receiver.close();
    }
  });

  it("under the production policy refuses a loopback target, and the listener hears nothing", async () => {
    const receiver = await startReceiver([200]);
    try {
      const production = createServices(db(), {
        alertPolicy: parseOutboundPolicy("production", ""),
      });
      const target = await alertWorkspace(db(), production, "hook-prod");
      await expect(
        production.alerts.createChannel(
          target.ws,
          { kind: "webhook", name: "x", url: receiver.url },
          actor,
        ),
      ).rejects.toMatchObject({ code: "BAD_REQUEST", field: "url" });
      await expect(
        production.alerts.createChannel(
          target.ws,
          { kind: "slack", name: "y", url: receiver.url },
          actor,
        ),
      ).rejects.toMatchObject({ code: "BAD_REQUEST" });
      expect(await db().alertChannel.count({ where: { workspaceId: target.ws } })).toBe(0);
      // A channel stored while the policy allowed it is refused at delivery time, at once.
      const created = await services.alerts.createChannel(
        target.ws,
        { kind: "webhook", name: "old", url: receiver.url },
        actor,
      );
      await production.alerts.createRule(
        target.ws,
        {
          benchmarkKey: target.benchmarkKey,
          channelId: created.channel.id,
          kind: "run_failed",
        },
        { actorUserId: null },
      );
      const runId = await historyRun(db(), target, 1, { failed: true, daysAgo: 0 });
      await production.arrivals.runFinished(target.ws, runId);
      const [pending] = await production.alerts.deliveries(target.ws, created.channel.id);
      await production.deliverAlert({ deliveryId: pending!.id, workspaceId: target.ws });
      const [delivery] = await production.alerts.deliveries(target.ws, created.channel.id);
      expect(delivery).toMatchObject({ status: "failed", attempts: 1 });
      expect(delivery!.log[0]!.errorClass).toMatch(/^refused/);
      await new Promise((r) => setTimeout(r, 500));
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it("never shows a channel secret in an answer, the delivery log or the logs", async () => {
    const created = await db().alertChannel.findMany({ where: { kind: "webhook" } });
    expect(created.length).toBeGreaterThan(0);
    const ws = created[0]!.workspaceId;
    const listed = await services.alerts.listChannels(ws);
    seen.push(JSON.stringify(listed), ...logs);
    expect(
      listed.every((c) => Object.keys(c).sort().join() === "createdAt,id,kind,name,target"),
    ).toBe(true);
    for (const row of created)
      expect(Buffer.from(row.sealedSecret!).toString("utf8")).not.toMatch(/whsec_/);
    expect(seen.join("\n")).not.toMatch(/whsec_/);
  });
});
