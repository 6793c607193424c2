import { randomBytes } from "node:crypto";
import {
  DomainError,
  type TAlertChannelView,
  type TCreateAlertChannelInput,
  type TCreateAlertRuleInput,
} from "@meshbench/contracts";
import type { AlertRepository, BenchmarkRepository } from "@meshbench/db";
import { checkOutboundUrl, type OutboundPolicy } from "@meshbench/outbound";
import type { AuditActor, AuditService } from "../audit/audit-service";
import type { SecretVault } from "../secrets/vault";

type Deps = {
  alerts: AlertRepository;
  benchmarks: BenchmarkRepository;
  vault: SecretVault;
  audit: Pick<AuditService, "record">;
  /** Webhook targets must pass it; without one no webhook or Slack channel can be created. */
  policy: OutboundPolicy | null;
};

/** The vault binding of a channel's secret: its own purpose, bound to the channel's id. */
export const channelSecretBinding = (workspaceId: string, channelId: string) => ({
  workspaceId,
  purpose: "webhook-secret" as const,
  name: `alert-channel:${channelId}`,
});

function required(value: string | undefined, field: string): string {
  if (value === undefined) throw new DomainError("BAD_REQUEST", `${field} is required`, field);
  return value;
}
const urlOf = (input: TCreateAlertChannelInput) => required(input.url, "url");

function checkTarget(policy: OutboundPolicy | null, url: string) {
  if (!policy)
    throw new DomainError("PRECONDITION_FAILED", "No outbound address policy is configured", "url");
  try {
    return checkOutboundUrl(policy, url);
  } catch (error) {
    throw new DomainError("BAD_REQUEST", `url: ${(error as Error).message}`, "url");
  }
}

/**
 * Alert channels (admins) and rules (members). A webhook gets a signing secret, shown once in
 * the answer to its creation; a Slack URL is itself the secret. Both are sealed by the vault and
 * never returned; the channel shows the webhook URL, the Slack host or the e-mail address.
 */
export function createAlertService(deps: Deps) {
  const { alerts, vault } = deps;
  return {
    async createChannel(
      workspaceId: string,
      input: TCreateAlertChannelInput,
      actor: AuditActor,
    ): Promise<{ channel: TAlertChannelView; signingSecret: string | null }> {
      const id = randomBytes(12).toString("hex");
      const binding = channelSecretBinding(workspaceId, id);
      let target: string;
      let secret: string | null = null;
      if (input.kind === "email") target = required(input.address, "address");
      else {
        const url = checkTarget(deps.policy, required(input.url, "url"));
        if (input.kind === "webhook") {
          target = url.toString();
          secret = `whsec_${randomBytes(24).toString("base64url")}`;
        } else target = url.host;
      }
      const sealedText = input.kind === "slack" ? urlOf(input) : secret;
      const channel = await alerts.createChannel(workspaceId, {
        id,
        name: input.name,
        kind: input.kind,
        target,
        sealed: sealedText === null ? null : vault.seal(binding, sealedText),
      });
      if (!channel)
        throw new DomainError("CONFLICT", `A channel named "${input.name}" exists`, "name");
      await deps.audit.record(workspaceId, {
        ...actor,
        action: "alert_channel.created",
        targetType: "alert_channel",
        targetId: id,
        metadata: { name: input.name, kind: input.kind },
      });
      return { channel, signingSecret: secret };
    },

    listChannels: (workspaceId: string) => alerts.listChannels(workspaceId),

    async deleteChannel(workspaceId: string, channelId: string, actor: AuditActor) {
      if (!(await alerts.deleteChannel(workspaceId, channelId)))
        throw new DomainError("NOT_FOUND", "Channel not found", "channelId");
      await deps.audit.record(workspaceId, {
        ...actor,
        action: "alert_channel.deleted",
        targetType: "alert_channel",
        targetId: channelId,
      });
      return { channelId };
    },

    /** A channel's delivery log, newest first: each attempt's status code or error class. */
    async deliveries(workspaceId: string, channelId: string) {
      if (!(await alerts.channelExists(workspaceId, channelId)))
        throw new DomainError("NOT_FOUND", "Channel not found", "channelId");
      return alerts.listDeliveries(workspaceId, channelId);
    },

    async createRule(workspaceId: string, input: TCreateAlertRuleInput, actor: AuditActor) {
      const benchmark = await deps.benchmarks.getBudgets(workspaceId, input.benchmarkKey);
      if (!benchmark) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkKey");
      if (!(await alerts.channelExists(workspaceId, input.channelId)))
        throw new DomainError("NOT_FOUND", "Channel not found", "channelId");
      const rule = await alerts.createRule(workspaceId, {
        benchmarkId: benchmark.id,
        channelId: input.channelId,
        kind: input.kind,
        seriesKey: input.seriesKey ?? null,
        thresholdPct: input.thresholdPct ?? null,
        createdByUserId: actor.actorUserId ?? null,
      });
      await deps.audit.record(workspaceId, {
        ...actor,
        action: "alert_rule.created",
        targetType: "alert_rule",
        targetId: rule.id,
        metadata: {
          benchmarkKey: input.benchmarkKey,
          channelId: input.channelId,
          kind: input.kind,
          seriesKey: rule.seriesKey,
          thresholdPct: rule.thresholdPct,
        },
      });
      return rule;
    },

    async listRules(workspaceId: string, benchmarkKey: string) {
      const benchmark = await deps.benchmarks.getBudgets(workspaceId, benchmarkKey);
      if (!benchmark) throw new DomainError("NOT_FOUND", "Benchmark not found", "benchmarkKey");
      return alerts.listRules(workspaceId, benchmark.id);
    },

    async deleteRule(workspaceId: string, ruleId: string, actor: AuditActor) {
      if (!(await alerts.deleteRule(workspaceId, ruleId)))
        throw new DomainError("NOT_FOUND", "Rule not found", "ruleId");
      await deps.audit.record(workspaceId, {
        ...actor,
        action: "alert_rule.deleted",
        targetType: "alert_rule",
        targetId: ruleId,
      });
      return { ruleId };
    },
  };
}

export type AlertService = ReturnType<typeof createAlertService>;
