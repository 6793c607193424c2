import type {
  TAlertChannelKind,
  TAlertChannelView,
  TAlertDeliveryView,
  TAlertMessage,
  TAlertRuleKind,
  TAlertRuleView,
} from "@meshbench/contracts";
import { Prisma } from "../generated/prisma/client";
import type { Database } from "../client";

const channelView = { id: true, name: true, kind: true, target: true, createdAt: true } as const;

export type AlertRuleRecord = TAlertRuleView & { benchmarkId: string };
/** A channel with its ciphertext, for the delivery step only. */
export type SealedAlertChannel = TAlertChannelView & {
  workspaceId: string;
  sealedSecret: Uint8Array | null;
  keyId: string | null;
};

const ruleSelect = {
  id: true,
  benchmarkId: true,
  channelId: true,
  kind: true,
  seriesKey: true,
  thresholdPct: true,
  createdAt: true,
  benchmark: { select: { key: true } },
  channel: { select: { name: true } },
} as const;

type RuleRow = Prisma.AlertRuleGetPayload<{ select: typeof ruleSelect }>;
const toRule = ({ benchmark, channel, ...r }: RuleRow): AlertRuleRecord => ({
  ...r,
  benchmarkKey: benchmark.key,
  channelName: channel.name,
});

/** Alert channels, rules, deliveries and their attempt log; workspace id first everywhere. */
export function createAlertRepository(db: Database) {
  return {
    async createChannel(
      workspaceId: string,
      input: {
        id: string;
        name: string;
        kind: TAlertChannelKind;
        target: string;
        sealed: { ciphertext: Buffer; keyId: string } | null;
      },
    ): Promise<TAlertChannelView | null> {
      try {
        return await db.alertChannel.create({
          data: {
            id: input.id,
            workspaceId,
            name: input.name,
            kind: input.kind,
            target: input.target,
            sealedSecret: input.sealed ? new Uint8Array(input.sealed.ciphertext) : null,
            keyId: input.sealed?.keyId ?? null,
          },
          select: channelView,
        });
      } catch (error) {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
          return null;
        throw error;
      }
    },

    listChannels: (workspaceId: string): Promise<TAlertChannelView[]> =>
      db.alertChannel.findMany({
        where: { workspaceId },
        select: channelView,
        orderBy: { name: "asc" },
      }),

    async deleteChannel(workspaceId: string, channelId: string) {
      const { count } = await db.alertChannel.deleteMany({ where: { id: channelId, workspaceId } });
      return count > 0;
    },

    /** The channel with its ciphertext: the delivery step opens it and keeps it nowhere. */
    sealedChannel: (workspaceId: string, channelId: string): Promise<SealedAlertChannel | null> =>
      db.alertChannel.findFirst({
        where: { id: channelId, workspaceId },
        select: { ...channelView, workspaceId: true, sealedSecret: true, keyId: true },
      }),

    async channelExists(workspaceId: string, channelId: string) {
      return (await db.alertChannel.count({ where: { id: channelId, workspaceId } })) > 0;
    },

    async createRule(
      workspaceId: string,
      input: {
        benchmarkId: string;
        channelId: string;
        kind: TAlertRuleKind;
        seriesKey: string | null;
        thresholdPct: number | null;
        createdByUserId: string | null;
      },
    ): Promise<AlertRuleRecord> {
      return toRule(
        await db.alertRule.create({ data: { workspaceId, ...input }, select: ruleSelect }),
      );
    },

    async listRules(workspaceId: string, benchmarkId: string): Promise<AlertRuleRecord[]> {
      const rows = await db.alertRule.findMany({
        where: { workspaceId, benchmarkId },
        select: ruleSelect,
        orderBy: { createdAt: "asc" },
      });
      return rows.map(toRule);
    },

    async deleteRule(workspaceId: string, ruleId: string) {
      const { count } = await db.alertRule.deleteMany({ where: { id: ruleId, workspaceId } });
      return count > 0;
    },

    /**
     * One delivery per (rule, event): null when this rule already fired for the event (a run
     * finished twice, a change point found again), so nothing is sent twice.
     */
    async createDelivery(
      workspaceId: string,
      input: { channelId: string; ruleId: string; eventKey: string; message: TAlertMessage },
    ): Promise<{ id: string } | null> {
      try {
        return await db.alertDelivery.create({
          data: { workspaceId, ...input },
          select: { id: true },
        });
      } catch (error) {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
          return null;
        throw error;
      }
    },

    /** A pending delivery with its channel id and message (null when done or gone). */
    pendingDelivery: (workspaceId: string, deliveryId: string) =>
      db.alertDelivery.findFirst({
        where: { id: deliveryId, workspaceId, status: "pending" },
        select: { id: true, channelId: true, message: true, attempts: true },
      }),

    /** Logs one attempt and settles the delivery when it succeeded or was the last one. */
    async recordAttempt(
      deliveryId: string,
      attempt: {
        attempt: number;
        ok: boolean;
        statusCode: number | null;
        errorClass: string | null;
      },
      settle: "delivered" | "failed" | null,
    ) {
      await db.$transaction([
        db.alertDeliveryAttempt.create({ data: { deliveryId, ...attempt } }),
        db.alertDelivery.update({
          where: { id: deliveryId },
          data: {
            attempts: attempt.attempt,
            ...(settle ? { status: settle, finishedAt: new Date() } : {}),
          },
        }),
      ]);
    },

    async listDeliveries(
      workspaceId: string,
      channelId: string,
      limit = 50,
    ): Promise<TAlertDeliveryView[]> {
      const rows = await db.alertDelivery.findMany({
        where: { workspaceId, channelId },
        orderBy: { createdAt: "desc" },
        take: limit,
        select: {
          id: true,
          ruleId: true,
          message: true,
          status: true,
          attempts: true,
          createdAt: true,
          finishedAt: true,
          log: {
            orderBy: { attempt: "asc" },
            select: { attempt: true, at: true, ok: true, statusCode: true, errorClass: true },
          },
        },
      });
      return rows.map(({ message, ...r }) => ({
        ...r,
        title: (message as { title?: string } | null)?.title ?? "",
      }));
    },
  };
}

export type AlertRepository = ReturnType<typeof createAlertRepository>;
