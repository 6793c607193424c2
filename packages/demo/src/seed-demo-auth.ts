import type { Database } from "@meshbench/db";
import { hashPassword } from "better-auth/crypto";
import { TOKEN_SCOPES, type TTokenScope } from "@meshbench/contracts";
import { hashApiToken, tokenPrefix } from "@meshbench/services";
import {
  DEMO_ADMIN_TOKEN,
  DEMO_API_TOKEN,
  DEMO_USER_EMAIL,
  DEMO_USER_PASSWORD,
} from "./credentials";

/** The demo's two tokens: CI (everything but budgets) and admin (budgets and clusters). */
const DEMO_TOKENS: { token: string; name: string; scopes: TTokenScope[] }[] = [
  {
    token: DEMO_API_TOKEN,
    name: "demo (local only)",
    scopes: TOKEN_SCOPES.filter((s) => s !== "budgets:write"),
  },
  {
    token: DEMO_ADMIN_TOKEN,
    name: "demo admin (local only)",
    scopes: ["read", "budgets:write", "clusters:write"],
  },
];

/**
 * The demo user (owner of the demo workspace) with a real better-auth credential (its scrypt
 * hasher), and the demo API tokens. Idempotent; local mode only (the seed CLI enforces it).
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
  for (const { token, name, scopes } of DEMO_TOKENS)
    await db.apiToken.upsert({
      where: { hash: hashApiToken(token) },
      create: {
        workspaceId,
        name,
        prefix: tokenPrefix(token),
        hash: hashApiToken(token),
        scopes,
        createdById: user.id,
      },
      update: { workspaceId, revokedAt: null, scopes },
    });
  return { userId: user.id };
}
