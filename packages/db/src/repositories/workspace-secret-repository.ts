import type { TSecretPurpose, TWorkspaceSecretView } from "@meshbench/contracts";
import type { Database } from "../client";
import { auditRow, type AuditInput } from "./audit-repository";

type Audit = Omit<AuditInput, "action" | "targetType" | "targetId" | "metadata">;
type Sealed = { ciphertext: Buffer; keyId: string };

const viewFields = { name: true, purpose: true, createdAt: true, updatedAt: true } as const;
const toView = (row: { name: string; purpose: string; createdAt: Date; updatedAt: Date }) =>
  ({ ...row, purpose: row.purpose as TSecretPurpose }) satisfies TWorkspaceSecretView;

/**
 * Sealed workspace secrets. Only `sealed`/`sealedMany` hand out ciphertexts (to the service that
 * opens them for a request); lists carry names and times. Every change writes its audit entry
 * in the same transaction, naming the secret, never its value.
 */
export function createWorkspaceSecretRepository(db: Database) {
  return {
    async list(workspaceId: string, purpose: TSecretPurpose): Promise<TWorkspaceSecretView[]> {
      const rows = await db.workspaceSecret.findMany({
        where: { workspaceId, purpose },
        select: viewFields,
        orderBy: { name: "asc" },
      });
      return rows.map(toView);
    },

    /** Which of `names` exist for the purpose in the workspace. */
    async existing(workspaceId: string, purpose: TSecretPurpose, names: readonly string[]) {
      if (names.length === 0) return new Set<string>();
      const rows = await db.workspaceSecret.findMany({
        where: { workspaceId, purpose, name: { in: [...names] } },
        select: { name: true },
      });
      return new Set(rows.map((r) => r.name));
    },

    /** The ciphertexts of `names` (those that exist), for opening at request time. */
    async sealedMany(workspaceId: string, purpose: TSecretPurpose, names: readonly string[]) {
      if (names.length === 0) return [];
      return db.workspaceSecret.findMany({
        where: { workspaceId, purpose, name: { in: [...names] } },
        select: { name: true, ciphertext: true, keyId: true },
      });
    },

    /** Creates or replaces; `created` says which, for the caller's answer. */
    async put(
      workspaceId: string,
      input: { name: string; purpose: TSecretPurpose; sealed: Sealed },
      audit: Audit,
    ): Promise<{ secret: TWorkspaceSecretView; created: boolean }> {
      const { name, purpose, sealed } = input;
      return db.$transaction(async (tx) => {
        const key = { workspaceId_purpose_name: { workspaceId, purpose, name } };
        const before = await tx.workspaceSecret.findUnique({ where: key, select: { id: true } });
        const data = { ciphertext: new Uint8Array(sealed.ciphertext), keyId: sealed.keyId };
        const row = await tx.workspaceSecret.upsert({
          where: key,
          create: { workspaceId, name, purpose, ...data },
          update: data,
          select: { id: true, ...viewFields },
        });
        await tx.auditEvent.create({
          data: auditRow(workspaceId, {
            ...audit,
            action: before ? "secret.replaced" : "secret.created",
            targetType: "workspace_secret",
            targetId: row.id,
            metadata: { name, purpose },
          }),
        });
        const { id: _id, ...view } = row;
        return { secret: toView(view), created: !before };
      });
    },

    /** Re-seals one under the current key or scheme (no audit: the value did not change). */
    async reseal(workspaceId: string, purpose: TSecretPurpose, name: string, sealed: Sealed) {
      await db.workspaceSecret.updateMany({
        where: { workspaceId, purpose, name },
        data: { ciphertext: new Uint8Array(sealed.ciphertext), keyId: sealed.keyId },
      });
    },

    /** False when there was none of that name. */
    async delete(workspaceId: string, purpose: TSecretPurpose, name: string, audit: Audit) {
      return db.$transaction(async (tx) => {
        const row = await tx.workspaceSecret.findUnique({
          where: { workspaceId_purpose_name: { workspaceId, purpose, name } },
          select: { id: true },
        });
        if (!row) return false;
        await tx.workspaceSecret.delete({ where: { id: row.id } });
        await tx.auditEvent.create({
          data: auditRow(workspaceId, {
            ...audit,
            action: "secret.deleted",
            targetType: "workspace_secret",
            targetId: row.id,
            metadata: { name, purpose },
          }),
        });
        return true;
      });
    },
  };
}

export type WorkspaceSecretRepository = ReturnType<typeof createWorkspaceSecretRepository>;
