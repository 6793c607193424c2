import type { TAuditEvent } from "@meshbench/contracts";
import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";
import { buildMatrix } from "../../test-support/matrix-fixtures";

/**
 * Schedules, alert channels and rules, cluster caps and retention are admin-level changes: each
 * call leaves exactly one audit entry (actor, action, target) that the audit page lists, and no
 * entry holds a channel's secret.
 */
describe("admin actions in the audit log", () => {
  const db = useTestDatabase(createPrismaClient);
  let matrix: Awaited<ReturnType<typeof buildMatrix>>;
  const as = (actor: Actor) => createCaller({ services: matrix.fixtures.services, actor });
  beforeAll(async () => {
    matrix = await buildMatrix(db());
  });
  afterAll(async () => {
    await matrix?.close();
  });

  /** The audit entries `change` wrote in workspace A, as the audit page lists them. */
  async function entriesOf(change: () => Promise<unknown>) {
    const admin = as(matrix.callers.aAdmin);
    const before = new Set((await admin.audit.list({ limit: 200 })).map((e) => e.id));
    await change();
    return (await admin.audit.list({ limit: 200 })).filter((e) => !before.has(e.id));
  }
  /** Exactly one entry, matching `shape` (nested objects partially). */
  function expectOne(rows: TAuditEvent[], shape: Partial<TAuditEvent>, label?: string) {
    expect(rows, label).toHaveLength(1);
    expect(rows[0], label).toMatchObject(shape);
  }
  const actorOf = (actor: Actor) => ({
    actorUserId: actor.userId,
    actorTokenId: actor.tokenId ?? null,
  });

  it("schedule create, edit, disable, enable and delete: one entry each, by who did it", async () => {
    const { fixtures, callers } = matrix;
    const token = callers.aCiToken;
    const schedules = as(token).schedules;
    let scheduleId = "";
    const created = await entriesOf(async () => {
      scheduleId = (
        await schedules.create({
          benchmarkId: fixtures.a.benchmarkId,
          clusterId: fixtures.a.clusterId,
          cron: "0 3 * * *",
          timezone: "Europe/Berlin",
        })
      ).id;
    });
    expectOne(created, {
      ...actorOf(token),
      action: "schedule.created",
      targetType: "schedule",
      targetId: scheduleId,
      metadata: { cron: "0 3 * * *", timezone: "Europe/Berlin" },
    });
    expect(token.tokenId).toBeTruthy();

    const member = callers.aMember;
    const steps = [
      ["schedule.updated", { cron: "30 4 * * 1-5" }],
      ["schedule.disabled", { enabled: false }],
      ["schedule.enabled", { enabled: true }],
    ] as const;
    for (const [action, change] of steps) {
      const rows = await entriesOf(() => as(member).schedules.update({ scheduleId, ...change }));
      expectOne(rows, { ...actorOf(member), action, targetId: scheduleId }, action);
    }
    // A call that changes nothing writes nothing.
    expect(
      await entriesOf(() => as(member).schedules.update({ scheduleId, enabled: true })),
    ).toEqual([]);
    // A refused edit (bad cron) writes nothing either.
    expect(
      await entriesOf(() =>
        as(member)
          .schedules.update({ scheduleId, cron: "99 * * * *" })
          .catch(() => null),
      ),
    ).toEqual([]);
    const deleted = await entriesOf(() => as(member).schedules.delete({ scheduleId }));
    expectOne(deleted, {
      ...actorOf(member),
      action: "schedule.deleted",
      targetId: scheduleId,
      metadata: { cron: "30 4 * * 1-5" },
    });
  });

  it("alert channels and rules: one entry each; no signing secret or Slack URL in any", async () => {
    const { fixtures, callers } = matrix;
    const admin = as(callers.aAdmin);
    let secret = "";
    let hookId = "";
    const hookRows = await entriesOf(async () => {
      const hook = await admin.alerts.createChannel({
        kind: "webhook",
        name: "audited-hook",
        url: "http://127.0.0.1:9/audited",
      });
      secret = hook.signingSecret!;
      hookId = hook.channel.id;
    });
    expect(secret).toMatch(/^whsec_/);
    expectOne(hookRows, {
      ...actorOf(callers.aAdmin),
      action: "alert_channel.created",
      targetId: hookId,
    });
    const slackUrl = "http://127.0.0.1:9/services/T0/B0/audited-slack-secret";
    let slackId = "";
    const slackRows = await entriesOf(async () => {
      slackId = (await admin.alerts.createChannel({ kind: "slack", name: "sl", url: slackUrl }))
        .channel.id;
    });
    expect(slackRows).toHaveLength(1);

    const member = callers.aMember;
    let ruleId = "";
    const ruleRows = await entriesOf(async () => {
      ruleId = (
        await as(member).alerts.createRule({
          benchmarkKey: fixtures.a.benchmarkKey,
          channelId: hookId,
          kind: "capacity_drop",
          thresholdPct: 15,
        })
      ).id;
    });
    expectOne(ruleRows, {
      ...actorOf(member),
      action: "alert_rule.created",
      targetType: "alert_rule",
      targetId: ruleId,
      metadata: { kind: "capacity_drop", thresholdPct: 15 },
    });
    const ruleGone = await entriesOf(() => as(member).alerts.deleteRule({ ruleId }));
    expectOne(ruleGone, {
      ...actorOf(member),
      action: "alert_rule.deleted",
      targetId: ruleId,
    });
    const channelGone = await entriesOf(() => admin.alerts.deleteChannel({ channelId: slackId }));
    expectOne(channelGone, { action: "alert_channel.deleted", targetId: slackId });

    // Nowhere in the trail, as listed or as stored.
    const trail = JSON.stringify([
      await admin.audit.list({ limit: 200 }),
      await db().auditEvent.findMany({ where: { workspaceId: fixtures.a.workspaceId } }),
    ]);
    expect(trail).not.toContain(secret);
    expect(trail).not.toContain("audited-slack-secret");
  });

  it("cluster caps and retention: one entry each with before and after; refusals write none", async () => {
    const { fixtures, callers } = matrix;
    const admin = as(callers.aAdmin);
    const clusterId = await fixtures.newClusterOfA();
    const caps = await entriesOf(() =>
      admin.clusters.setCaps({ clusterId, caps: { maxConcurrentRuns: 3 } }),
    );
    expectOne(caps, {
      ...actorOf(callers.aAdmin),
      action: "cluster.caps_set",
      targetId: clusterId,
      metadata: { after: { maxConcurrentRuns: 3 } },
    });

    const retention = await entriesOf(() => admin.workspaces.setRetention({ retentionDays: 45 }));
    expectOne(retention, {
      ...actorOf(callers.aAdmin),
      action: "workspace.retention_set",
      targetType: "workspace",
      targetId: fixtures.a.workspaceId,
      metadata: { before: null, after: 45 },
    });
    const again = await entriesOf(() => admin.workspaces.setRetention({ retentionDays: null }));
    expect(again[0]?.metadata).toEqual({ before: 45, after: null });

    // A member is refused and leaves no trace.
    expect(
      await entriesOf(() =>
        as(callers.aMember)
          .workspaces.setRetention({ retentionDays: 1 })
          .catch(() => null),
      ),
    ).toEqual([]);
  });
});
