import { ZAuditEvent } from "@meshbench/contracts";
import { z } from "zod";
import { adminProcedure } from "../../trpc";

export const listAuditEvents = adminProcedure
  .input(z.object({ limit: z.number().int().min(1).max(200).default(50) }))
  .output(z.array(ZAuditEvent))
  .query(({ ctx, input }) => ctx.services.audit.list(ctx.actor.workspaceId, input));
