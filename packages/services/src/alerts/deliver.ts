import { ZAlertMessage } from "@meshbench/contracts";
import type { AlertRepository, SealedAlertChannel } from "@meshbench/db";
import type { SecretVault } from "../secrets/vault";
import { channelSecretBinding } from "./alert-service";
import { sendAlert, type ChannelTarget, type SendDeps } from "./senders";

/** Hands a stored delivery to the queue (the worker's pg-boss queue); null: nothing is sent. */
export type DeliveryEnqueuer = {
  enqueue(job: { deliveryId: string; workspaceId: string }): Promise<unknown>;
};

type Deps = SendDeps & { alerts: AlertRepository; vault: SecretVault; attempts: number };

/** Thrown to make the queue retry a delivery (its attempt is already logged). */
export class DeliveryAttemptFailed extends Error {}

function targetOf(vault: SecretVault, channel: SealedAlertChannel): ChannelTarget {
  if (channel.kind === "email") return { kind: "email", address: channel.target };
  const opened = vault.open(channelSecretBinding(channel.workspaceId, channel.id), {
    ciphertext: channel.sealedSecret ?? new Uint8Array(),
    keyId: channel.keyId ?? "",
  });
  return channel.kind === "slack"
    ? { kind: "slack", url: opened }
    : { kind: "webhook", url: channel.target, secret: opened };
}

/**
 * One attempt of a delivery (a queue job): open the channel's secret, send, log the attempt
 * (status code or error class). Delivered or, at the last attempt or when the policy refuses
 * the target, failed; otherwise it throws and the queue retries with backoff.
 */
export function createDeliverer(deps: Deps) {
  return async function deliver(job: { deliveryId: string; workspaceId: string }) {
    const delivery = await deps.alerts.pendingDelivery(job.workspaceId, job.deliveryId);
    if (!delivery) return;
    const channel = await deps.alerts.sealedChannel(job.workspaceId, delivery.channelId);
    if (!channel) return;
    const attempt = delivery.attempts + 1;
    let outcome;
    try {
      outcome = await sendAlert(
        deps,
        targetOf(deps.vault, channel),
        ZAlertMessage.parse(delivery.message),
        delivery.id,
      );
    } catch {
      outcome = {
        ok: false,
        statusCode: null,
        errorClass: "channel secret unreadable",
        final: true,
      };
    }
    const last = attempt >= deps.attempts || outcome.final === true;
    const { ok, statusCode, errorClass } = outcome;
    await deps.alerts.recordAttempt(
      delivery.id,
      { attempt, ok, statusCode, errorClass },
      ok ? "delivered" : last ? "failed" : null,
    );
    if (!ok && !last) throw new DeliveryAttemptFailed(`delivery attempt ${attempt}: ${errorClass}`);
  };
}
