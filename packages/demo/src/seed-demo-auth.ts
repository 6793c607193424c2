import type { Database } from "@meshbench/db";
import { hashPassword } from "better-auth/crypto";
import { TOKEN_SCOPES } from "@meshbench/contracts";
import { hashApiToken, tokenPrefix } from "@meshbench/services";
import { DEMO_API_TOKEN, DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from "./credentials";

/**
 * The demo user (owner of the demo workspace) with a real better-auth credential (its scrypt
 * hasher), and the demo API token. Idempotent; local mode only (the seed CLI enforces it).
 */
export async function seedDemoAuth(db: Database, workspaceId: string) {
  const user = await db.user.upsert({
    where: { email: DEMO_USER_EMAIL },
    create: { email: DEMO_USER_EMAIL, name: "Demo User", emailVerified: true },
    update: {},
  });
  const password = await hashPassword(DEMO_USER_PASSWORD);
  const credential = await db.account.findFirst({
    where: { userId: user.id, providerId: "credential" },
  });
  if (credential) await db.account.update({ where: { id: credential.id }, data: { password } });
  else
    await db.account.create({
      data: { userId: user.id, providerId: "credential", accountId: user.id, password },
    });
  await db.membership.upsert({
    where: { workspaceId_userId: { workspaceId, userId: user.id } },
    create: { workspaceId, userId: user.id, role: "owner" },
    update: { role: "owner" },
  });
  await db.apiToken.upsert({
    where: { hash: hashApiToken(DEMO_API_TOKEN) },
    create: {
      workspaceId,
      name: "demo (local only)",
      prefix: tokenPrefix(DEMO_API_TOKEN),
      hash: hashApiToken(DEMO_API_TOKEN),
      scopes: [...TOKEN_SCOPES],
      createdById: user.id,
    },
    update: { workspaceId, revokedAt: null, scopes: [...TOKEN_SCOPES] },
  });
  return { userId: user.id };
}
