import { ZAuditEvent, ZListAuditEventsInput } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure } from "../../trpc";

export const listAuditEvents = adminProcedure
  .input(ZListAuditEventsInput)
  .output(z.array(ZAuditEvent))
  .query(({ ctx, input }) => ctx.services.audit.list(ctx.actor.workspaceId, input));
