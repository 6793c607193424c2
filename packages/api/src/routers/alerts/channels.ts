import {
  ZAlertChannelIdInput,
  ZAlertChannelView,
  ZAlertDeliveryView,
  ZCreateAlertChannelInput,
  ZCreatedAlertChannel,
} from "@meshbench/contracts";
import { z } from "zod";
import { auditActor, requireScope } from "../../trpc";

const meta = (
  method: "GET" | "POST" | "DELETE",
  path: `/${string}`,
  summary: string,
  description: string,
) => ({
  openapi: { method, path, protect: true, tags: ["alerts"], summary, description },
});

/** Admins (tokens: `alerts:write`). A webhook's signing secret is in this answer only. */
export const createChannel = requireScope("alerts:write")
  .meta(
    meta(
      "POST",
      "/alerts/channels",
      "Create an alert channel",
      "A generic webhook (HMAC-SHA256 signed; the signing secret is returned here once and never again), " +
        "a Slack incoming webhook (its URL is sealed and never returned) or an e-mail address. " +
        "Webhook targets must pass the outbound address policy. Requires the alerts:write scope.",
    ),
  )
  .input(ZCreateAlertChannelInput)
  .output(ZCreatedAlertChannel)
  .mutation(({ ctx, input }) =>
    ctx.services.alerts.createChannel(ctx.actor.workspaceId, input, auditActor(ctx.actor)),
  );

/** Members see the channels (to point rules at them); never a secret. */
export const listChannels = requireScope("benchmarks:write")
  .meta(
    meta(
      "GET",
      "/alerts/channels",
      "List alert channels",
      "Names, kinds and targets (the webhook URL, the Slack host, the address); never a secret. " +
        "Requires the benchmarks:write scope (rules point at channels).",
    ),
  )
  .output(z.array(ZAlertChannelView))
  .query(({ ctx }) => ctx.services.alerts.listChannels(ctx.actor.workspaceId));

export const deleteChannel = requireScope("alerts:write")
  .meta(
    meta(
      "DELETE",
      "/alerts/channels/{channelId}",
      "Delete an alert channel",
      "Its rules and delivery log go with it. Requires the alerts:write scope.",
    ),
  )
  .input(ZAlertChannelIdInput)
  .output(z.object({ channelId: z.string() }))
  .mutation(({ ctx, input }) =>
    ctx.services.alerts.deleteChannel(
      ctx.actor.workspaceId,
      input.channelId,
      auditActor(ctx.actor),
    ),
  );

export const listDeliveries = requireScope("alerts:write")
  .meta(
    meta(
      "GET",
      "/alerts/channels/{channelId}/deliveries",
      "A channel's delivery log",
      "The latest 50 deliveries, newest first, each with its attempts: the receiver's status code or an " +
        "error class, never the receiver's answer. Requires the alerts:write scope.",
    ),
  )
  .input(ZAlertChannelIdInput)
  .output(z.array(ZAlertDeliveryView))
  .query(({ ctx, input }) =>
    ctx.services.alerts.deliveries(ctx.actor.workspaceId, input.channelId),
  );
