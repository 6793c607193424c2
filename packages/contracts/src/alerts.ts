import { z } from "zod";
import { ZId } from "./run";

export const ALERT_CHANNEL_KINDS = ["webhook", "slack", "email"] as const;
export const ZAlertChannelKind = z.enum(ALERT_CHANNEL_KINDS);
export type TAlertChannelKind = z.infer<typeof ZAlertChannelKind>;

const ZHttpsOrHttpUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((u) => /^https?:\/\//i.test(u), "must be an http(s) URL");

/**
 * A channel as an admin creates it: a webhook or Slack incoming-webhook `url`, or an e-mail
 * `address` (one object, not a union: REST inputs are plain objects).
 */
export const ZCreateAlertChannelInput = z
  .object({
    kind: ZAlertChannelKind,
    name: z.string().trim().min(1).max(63),
    url: ZHttpsOrHttpUrl.optional(),
    address: z.string().trim().email().max(254).optional(),
  })
  .superRefine((v, ctx) => {
    const wants = v.kind === "email" ? "address" : "url";
    const other = v.kind === "email" ? "url" : "address";
    if (v[wants] === undefined)
      ctx.addIssue({ code: "custom", path: [wants], message: `required for ${v.kind}` });
    if (v[other] !== undefined)
      ctx.addIssue({ code: "custom", path: [other], message: `not for ${v.kind}` });
  });
export type TCreateAlertChannelInput = z.infer<typeof ZCreateAlertChannelInput>;

/** A channel as anyone may see it: never its secret (the Slack URL is one; only its host shows). */
export const ZAlertChannelView = z.object({
  id: ZId,
  name: z.string(),
  kind: ZAlertChannelKind,
  /** webhook: the URL; slack: the host; email: the address. */
  target: z.string(),
  createdAt: z.date(),
});
export type TAlertChannelView = z.infer<typeof ZAlertChannelView>;

/** The answer to creating a channel: a webhook's signing secret is shown here once, never again. */
export const ZCreatedAlertChannel = z.object({
  channel: ZAlertChannelView,
  signingSecret: z.string().nullable(),
});

export const ZAlertChannelIdInput = z.object({ channelId: ZId });

export const ALERT_RULE_KINDS = ["run_failed", "verdict", "change_point", "capacity_drop"] as const;
export const ZAlertRuleKind = z.enum(ALERT_RULE_KINDS);
export type TAlertRuleKind = z.infer<typeof ZAlertRuleKind>;

export const ZCreateAlertRuleInput = z
  .object({
    benchmarkKey: z.string().min(1).max(63),
    channelId: ZId,
    kind: ZAlertRuleKind,
    /** change_point: one series ("<series label>|<statistic>"); absent = any series. */
    seriesKey: z.string().min(1).max(300).optional(),
    /** capacity_drop: alert when a variant's capacity drops by more than this percentage. */
    thresholdPct: z.number().gt(0).max(100).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "capacity_drop" && v.thresholdPct === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["thresholdPct"],
        message: "required for capacity_drop",
      });
    if (v.kind !== "change_point" && v.seriesKey !== undefined)
      ctx.addIssue({ code: "custom", path: ["seriesKey"], message: "only for change_point" });
  });
export type TCreateAlertRuleInput = z.infer<typeof ZCreateAlertRuleInput>;

export const ZAlertRuleView = z.object({
  id: ZId,
  benchmarkKey: z.string(),
  channelId: ZId,
  channelName: z.string(),
  kind: ZAlertRuleKind,
  seriesKey: z.string().nullable(),
  thresholdPct: z.number().nullable(),
  createdAt: z.date(),
});
export type TAlertRuleView = z.infer<typeof ZAlertRuleView>;

export const ZAlertRuleIdInput = z.object({ ruleId: ZId });
export const ZListAlertRulesInput = z.object({ benchmarkKey: z.string().min(1).max(63) });

/** What an alert says, whatever the channel: the webhook's JSON body is this object. */
export const ZAlertMessage = z.object({
  kind: ZAlertRuleKind,
  benchmarkKey: z.string(),
  runId: z.string(),
  title: z.string(),
  text: z.string(),
  /** Link to the run (or the history for a change point). */
  url: z.string(),
  /** change_point only: the series and the run the change starts at. */
  seriesKey: z.string().nullable(),
});
export type TAlertMessage = z.infer<typeof ZAlertMessage>;

export const ZAlertDeliveryAttemptView = z.object({
  attempt: z.number().int(),
  at: z.date(),
  ok: z.boolean(),
  /** The receiver's HTTP status, or null when no answer came (see errorClass). */
  statusCode: z.number().int().nullable(),
  /** A category ("timed out", "refused: …"), never the receiver's text. */
  errorClass: z.string().nullable(),
});

export const ZAlertDeliveryView = z.object({
  id: ZId,
  ruleId: ZId,
  title: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
  log: z.array(ZAlertDeliveryAttemptView),
});
export type TAlertDeliveryView = z.infer<typeof ZAlertDeliveryView>;
