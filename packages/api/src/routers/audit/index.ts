import { createTRPCRouter } from "../../trpc";
import { listAuditEvents } from "./list-audit-events";

export const auditRouter = createTRPCRouter({ list: listAuditEvents });
