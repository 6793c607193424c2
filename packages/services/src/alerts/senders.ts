import { createHmac } from "node:crypto";
import type { TAlertMessage } from "@meshbench/contracts";
import { describeOutboundError, outboundPost, type OutboundPolicy } from "@meshbench/outbound";
import type { Mailer } from "../mail/mailer";

/** Header names of a signed webhook (documented in docs/architecture/alerts.md). */
export const SIGNATURE_HEADER = "x-meshbench-signature";
export const TIMESTAMP_HEADER = "x-meshbench-timestamp";

/**
 * The webhook signature: HMAC-SHA256 under the channel's secret over `<timestamp>.<body>`, hex,
 * written `sha256=<hex>`. A receiver recomputes it and refuses old timestamps (replays).
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** Slack's mrkdwn needs &, < and > escaped; tenant text (names, titles) must not become links. */
const slackEscape = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * Slack's incoming-webhook body: `text` (the fallback shown in notifications) and `blocks`
 * (a header, a section in mrkdwn, a context with the link), as Slack documents them.
 */
export function slackBody(message: TAlertMessage) {
  return {
    text: slackEscape(`${message.title}: ${message.text}`),
    blocks: [
      { type: "header", text: { type: "plain_text", text: message.title.slice(0, 150) } },
      { type: "section", text: { type: "mrkdwn", text: slackEscape(message.text).slice(0, 3000) } },
      {
        type: "context",
        elements: [{ type: "mrkdwn", text: `<${message.url}|Open in Meshbench>` }],
      },
    ],
  };
}

/** How one attempt went: a status code or an error class, never what the receiver said. */
export type AttemptOutcome = {
  ok: boolean;
  statusCode: number | null;
  errorClass: string | null;
  /** Retrying cannot help (the policy refuses the address). */
  final?: boolean;
};

export type ChannelTarget =
  | { kind: "webhook"; url: string; secret: string }
  | { kind: "slack"; url: string }
  | { kind: "email"; address: string };

export type SendDeps = { policy: OutboundPolicy | null; mailer: Mailer; now: () => Date };

async function post(deps: SendDeps, url: string, text: string, headers?: Record<string, string>) {
  if (!deps.policy)
    return {
      ok: false,
      statusCode: null,
      errorClass: "no outbound policy configured",
      final: true,
    };
  try {
    const { status } = await outboundPost(deps.policy, url, {
      contentType: "application/json",
      text,
      headers,
    });
    const ok = status >= 200 && status < 300;
    return { ok, statusCode: status, errorClass: ok ? null : `HTTP ${status}` };
  } catch (error) {
    const errorClass = describeOutboundError(error);
    return { ok: false, statusCode: null, errorClass, final: errorClass.startsWith("refused") };
  }
}

/** Nodemailer's error code and SMTP reply code: never its message (it may quote the server). */
function mailOutcome(error: unknown): AttemptOutcome {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return {
    ok: false,
    statusCode: typeof responseCode === "number" ? responseCode : null,
    errorClass: `mail failed${typeof code === "string" && /^[A-Z_]{2,32}$/.test(code) ? ` (${code})` : ""}`,
  };
}

/** One attempt to deliver `message` to a channel. */
export async function sendAlert(
  deps: SendDeps,
  target: ChannelTarget,
  message: TAlertMessage,
  deliveryId: string,
): Promise<AttemptOutcome> {
  if (target.kind === "email") {
    try {
      await deps.mailer.send({
        to: target.address,
        subject: `[Meshbench] ${message.title}`,
        text: `${message.text}\n\n${message.url}`,
      });
      return { ok: true, statusCode: null, errorClass: null };
    } catch (error) {
      return mailOutcome(error);
    }
  }
  if (target.kind === "slack") return post(deps, target.url, JSON.stringify(slackBody(message)));
  const body = JSON.stringify({ ...message, deliveryId });
  const timestamp = String(Math.floor(deps.now().getTime() / 1000));
  return post(deps, target.url, body, {
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signWebhook(target.secret, timestamp, body),
    "x-meshbench-delivery": deliveryId,
  });
}
