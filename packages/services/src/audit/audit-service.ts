import type { TAuditEvent, TListAuditEventsInput } from "@meshbench/contracts";
import type { AuditInput, AuditRepository } from "@meshbench/db";

/** Who did something, for the audit log: a signed-in user, or an API token (and its creator). */
export type AuditActor = Pick<AuditInput, "actorUserId" | "actorTokenId">;

/** The workspace's audit log: admins read it; sign-up and invitation hooks write to it. */
export function createAuditService(audit: AuditRepository) {
  return {
    list: (workspaceId: string, input: TListAuditEventsInput): Promise<TAuditEvent[]> =>
      audit.list(workspaceId, input),
    /** `record(workspaceId, { ...actor, action, targetType, targetId, metadata })`; no secrets. */
    record: (workspaceId: string, event: AuditInput): Promise<void> =>
      audit.record(workspaceId, event),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
