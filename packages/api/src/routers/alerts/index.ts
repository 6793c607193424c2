import { createTRPCRouter } from "../../trpc";
import { createChannel, deleteChannel, listChannels, listDeliveries } from "./channels";
import { createRule, deleteRule, listRules } from "./rules";

/** Alert channels (admins), their delivery logs, and benchmarks' alert rules (members). */
export const alertsRouter = createTRPCRouter({
  createChannel,
  listChannels,
  deleteChannel,
  deliveries: listDeliveries,
  createRule,
  listRules,
  deleteRule,
});
