import type { AddressInfo } from "node:net";
import { createPrismaClient } from "@meshbench/db";
import { parseOutboundPolicy } from "@meshbench/outbound";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { Ajv } from "ajv";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services";
import { createSmtpMailer } from "../mail/smtp-mailer";
import { alertWorkspace, historyRun } from "./test-support/alert-fixtures";
import { startReceiver } from "./test-support/receiver";

const actor = { actorUserId: null };
const text = (maxLength: number) => ({
  type: "object",
  required: ["type", "text"],
  properties: {
    type: { enum: ["plain_text", "mrkdwn"] },
    text: { type: "string", minLength: 1, maxLength },
  },
});

/**
 * Slack's incoming-webhook payload as documented (api.slack.com/messaging/webhooks, Block Kit
 * reference): `text` and up to 50 `blocks`; a header's plain_text ≤ 150, a section's text ≤ 3000,
 * a context's ≤ 10 elements. Nothing else at the top level.
 */
const SLACK_SCHEMA = {
  type: "object",
  required: ["text", "blocks"],
  additionalProperties: false,
  properties: {
    text: { type: "string", minLength: 1 },
    blocks: {
      type: "array",
      maxItems: 50,
      items: {
        oneOf: [
          {
            type: "object",
            required: ["type", "text"],
            additionalProperties: false,
            properties: {
              type: { const: "header" },
              text: {
                ...text(150),
                properties: {
                  type: { const: "plain_text" },
                  text: { type: "string", maxLength: 150 },
                },
              },
            },
          },
          {
            type: "object",
            required: ["type", "text"],
            additionalProperties: false,
            properties: { type: { const: "section" }, text: text(3000) },
          },
          {
            type: "object",
            required: ["type", "elements"],
            additionalProperties: false,
            properties: {
              type: { const: "context" },
              elements: { type: "array", minItems: 1, maxItems: 10, items: text(3000) },
            },
          },
        ],
      },
    },
  },
};

describe("Slack and e-mail channels (loopback receivers, real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  const mails: { from: string; to: string[]; data: string }[] = [];
  let smtp: SMTPServer;
  let smtpPort = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it("posts the documented {text, blocks} shape to a Slack URL, escaping tenant text", async () => {
    const receiver = await startReceiver([200]);
    try {
      const services = createServices(db(), { alertPolicy: parseOutboundPolicy("test", "") });
      const target = await alertWorkspace(db(), services, "slack");
      const { channel, signingSecret } = await services.alerts.createChannel(
        target.ws,
        { kind: "slack", name: "team", url: `${receiver.url}/T000/B000/XXXX` },
        actor,
      );
      expect(signingSecret).toBeNull();
      // The URL is the secret: only the host is shown.
      expect(channel.target).toBe(new URL(receiver.url).host);
      await services.alerts.createRule(
        target.ws,
        {
          benchmarkKey: target.benchmarkKey,
          channelId: channel.id,
          kind: "run_failed",
        },
        { actorUserId: null },
      );
      const runId = await historyRun(db(), target, 1, { failed: true, daysAgo: 0 });
      await db().run.update({
        where: { id: runId },
        data: { title: "<!channel> & <https://evil|x>" },
      });
      await services.arrivals.runFinished(target.ws, runId);
      const [pending] = await services.alerts.deliveries(target.ws, channel.id);
      await services.deliverAlert({ deliveryId: pending!.id, workspaceId: target.ws });
      expect(receiver.received).toHaveLength(1);
      const body = JSON.parse(receiver.received[0]!.body) as unknown;
      const validate = new Ajv({ strict: false }).compile(SLACK_SCHEMA);
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      const sent = receiver.received[0]!.body;
      expect(sent).not.toContain("<!channel>");
      expect(sent).toContain("&lt;!channel&gt; &amp; &lt;https://evil|x&gt;");
      expect(receiver.received[0]!.headers["x-meshbench-signature"]).toBeUndefined();
    } finally {
      await receiver.close();
    }
  });

  it("sends e-mail over SMTP to a loopback server, and logs a refused one by class", async () => {
    const mailer = createSmtpMailer({
      host: "127.0.0.1",
      port: smtpPort,
      from: "alerts@meshbench.test",
    });
    const services = createServices(db(), { mailer, alertPolicy: null });
    const target = await alertWorkspace(db(), services, "mail");
    const { channel } = await services.alerts.createChannel(
      target.ws,
      { kind: "email", name: "oncall", address: "oncall@example.test" },
      actor,
    );
    expect(channel.target).toBe("oncall@example.test");
    await services.alerts.createRule(
      target.ws,
      {
        benchmarkKey: target.benchmarkKey,
        channelId: channel.id,
        kind: "run_failed",
      },
      { actorUserId: null },
    );
    const runId = await historyRun(db(), target, 1, { failed: true, daysAgo: 0 });
    await services.arrivals.runFinished(target.ws, runId);
    const [pending] = await services.alerts.deliveries(target.ws, channel.id);
    await services.deliverAlert({ deliveryId: pending!.id, workspaceId: target.ws });
    const [delivered] = await services.alerts.deliveries(target.ws, channel.id);
    expect(delivered).toMatchObject({ status: "delivered", attempts: 1 });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: "alerts@meshbench.test", to: ["oncall@example.test"] });
    expect(mails[0]!.data).toContain("Subject: [Meshbench] Run failed:");
    expect(mails[0]!.data).toContain(`/runs/${runId}`);

    // No server listening: the attempt is logged with nodemailer's code, and retried later.
    const down = createServices(db(), {
      mailer: createSmtpMailer({ host: "127.0.0.1", port: 1, from: "alerts@meshbench.test" }),
      alertPolicy: null,
    });
    const second = await historyRun(db(), target, 2, { failed: true, daysAgo: 0 });
    await down.arrivals.runFinished(target.ws, second);
    const [queued] = await down.alerts.deliveries(target.ws, channel.id);
    await expect(
      down.deliverAlert({ deliveryId: queued!.id, workspaceId: target.ws }),
    ).rejects.toThrow(/attempt 1/);
    const [failedOnce] = await down.alerts.deliveries(target.ws, channel.id);
    expect(failedOnce).toMatchObject({ status: "pending", attempts: 1 });
    expect(failedOnce!.log[0]!.errorClass).toBe("mail failed (ESOCKET)");
  });
});
