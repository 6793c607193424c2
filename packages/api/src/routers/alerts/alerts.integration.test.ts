import { roleForScopes, type TRole } from "@meshbench/contracts";
import { createPrismaClient } from "@meshbench/db";
import { parseOutboundPolicy } from "@meshbench/outbound";
import { createServices, type Services } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";

/** Every answer and refusal, as text: a channel secret must be in none of them. */
const seen: string[] = [];
async function record<T>(call: Promise<T>): Promise<T> {
  try {
    const answer = await call;
    seen.push(JSON.stringify(answer));
    return answer;
  } catch (error) {
    seen.push(JSON.stringify({ message: (error as Error).message, error }));
    throw error;
  }
}
const code = (call: Promise<unknown>) =>
  record(call).then(
    () => "ok",
    (e: { code?: string }) => e.code ?? "threw",
  );

describe("alerts.* (admins own channels, members own rules; secrets shown once)", () => {
  const db = useTestDatabase(createPrismaClient);
  let services: Services;
  let ws: string;
  let benchmarkKey: string;
  const session = (role: TRole): Actor => ({ userId: null, workspaceId: ws, role, via: "session" });
  const as = (actor: Actor) => createCaller({ services, actor }).alerts;
  const SLACK = "http://127.0.0.1:9/services/T0/B0/slack-url-secret-part";

  beforeAll(async () => {
    services = createServices(db(), { alertPolicy: parseOutboundPolicy("test", "") });
    ws = (await db().workspace.create({ data: { slug: "alerts", name: "Alerts" } })).id;
    benchmarkKey = (
      await db().benchmark.create({
        data: {
          workspaceId: ws,
          key: "alerted",
          name: "Alerted",
          target: {},
          variants: [],
          loadMatrix: {},
          methodology: {},
        },
      })
    ).key;
  });

  it("lets only admins create channels; the webhook secret and the Slack URL never come back", async () => {
    for (const role of ["viewer", "member"] as const)
      expect(
        await code(
          as(session(role)).createChannel({
            kind: "webhook",
            name: "w",
            url: "http://127.0.0.1:9/h",
          }),
        ),
        role,
      ).toBe("FORBIDDEN");
    const admin = as(session("admin"));
    // The one answer that holds the secret (not recorded: everything after must not).
    const hook = await admin.createChannel({
      kind: "webhook",
      name: "hook",
      url: "http://127.0.0.1:9/h",
    });
    const secret = hook.signingSecret!;
    expect(secret).toMatch(/^whsec_.{20,}/);
    const slack = await record(admin.createChannel({ kind: "slack", name: "slack", url: SLACK }));
    expect(slack).toMatchObject({ signingSecret: null, channel: { target: "127.0.0.1:9" } });
    expect(
      await code(admin.createChannel({ kind: "email", name: "mail", url: "http://127.0.0.1:9/h" })),
    ).toBe("BAD_REQUEST");
    expect(
      await code(
        admin.createChannel({ kind: "webhook", name: "hook", url: "http://127.0.0.1:9/x" }),
      ),
    ).toBe("CONFLICT");
    // A token with alerts:write reaches the channels; one without it does not.
    const token = (scopes: Actor["scopes"] & object): Actor => ({
      userId: null,
      tokenId: "tok",
      workspaceId: ws,
      role: roleForScopes(scopes),
      scopes,
      via: "token",
    });
    expect(await code(as(token(["alerts:write"])).deliveries({ channelId: hook.channel.id }))).toBe(
      "ok",
    );
    expect(
      await code(as(token(["benchmarks:write"])).deliveries({ channelId: hook.channel.id })),
    ).toBe("FORBIDDEN");

    const member = as(session("member"));
    const listed = await record(member.listChannels());
    expect(listed.map((c) => c.name)).toEqual(["hook", "slack"]);
    expect(await code(as(session("viewer")).listChannels())).toBe("FORBIDDEN");
    const rule = await record(
      member.createRule({ benchmarkKey, channelId: hook.channel.id, kind: "change_point" }),
    );
    expect(rule).toMatchObject({ kind: "change_point", seriesKey: null, channelName: "hook" });
    expect(
      await code(
        member.createRule({ benchmarkKey, channelId: hook.channel.id, kind: "capacity_drop" }),
      ),
    ).toBe("BAD_REQUEST");
    expect(
      await code(
        as(session("viewer")).createRule({
          benchmarkKey,
          channelId: hook.channel.id,
          kind: "verdict",
        }),
      ),
    ).toBe("FORBIDDEN");
    expect(
      (await record(as(session("viewer")).listRules({ benchmarkKey }))).map((r) => r.id),
    ).toEqual([rule.id]);
    await record(member.deleteRule({ ruleId: rule.id }));
    await record(admin.deleteChannel({ channelId: slack.channel.id }));
    expect(await code(admin.deleteChannel({ channelId: slack.channel.id }))).toBe("NOT_FOUND");

    const audit = await db().auditEvent.findMany({ where: { workspaceId: ws } });
    expect(audit.map((a) => a.action).sort()).toEqual([
      "alert_channel.created",
      "alert_channel.created",
      "alert_channel.deleted",
      "alert_rule.created",
      "alert_rule.deleted",
    ]);
    seen.push(JSON.stringify(audit));
    const everything = seen.join("\n");
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain("slack-url-secret-part");
  });
});
