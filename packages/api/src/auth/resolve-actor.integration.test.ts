import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createTenant, signUp, TEST_AUTH_SECRET } from "../test-support/matrix-fixtures";
import { createServices } from "@meshbench/services";
import { generateApiToken } from "@meshbench/services";
import { createAuth, sessionLookup, type Auth } from "./create-auth";
import type { Mail } from "@meshbench/services";
import { resolveActor, WORKSPACE_HEADER } from "./resolve-actor";

describe("resolveActor over real better-auth sessions and API tokens", () => {
  const db = useTestDatabase(createPrismaClient);
  let auth: Auth;
  const mails: Mail[] = [];
  let resolve: (headers: Headers) => ReturnType<typeof resolveActor>;

  beforeAll(() => {
    const services = createServices(db());
    auth = createAuth(db(), {
      secret: TEST_AUTH_SECRET,
      baseURL: "http://localhost:3000",
      mailer: { transport: "test", send: (mail) => Promise.resolve(void mails.push(mail)) },
      audit: services.audit,
    });
    const deps = {
      getSession: sessionLookup(auth),
      memberships: services.members,
      tokens: services.tokens,
    };
    resolve = (headers) => resolveActor(headers, deps);
  });

  it("resolves a session to its oldest workspace, the header's choice, or the active one", async () => {
    const first = await createTenant(db(), auth, "first");
    const second = await db().workspace.create({ data: { slug: "second", name: "Second" } });
    await db().membership.create({
      data: { workspaceId: second.id, userId: first.ownerUserId, role: "viewer" },
    });

    expect(await resolve(first.ownerHeaders)).toMatchObject({
      workspaceId: first.workspaceId,
      role: "owner",
      via: "session",
      userId: first.ownerUserId,
    });
    const viaHeader = new Headers(first.ownerHeaders);
    viaHeader.set(WORKSPACE_HEADER, "second");
    expect(await resolve(viaHeader)).toMatchObject({ workspaceId: second.id, role: "viewer" });

    await auth.api.setActiveOrganization({
      headers: first.ownerHeaders,
      body: { organizationId: second.id },
    });
    expect(await resolve(first.ownerHeaders)).toMatchObject({
      workspaceId: second.id,
      role: "viewer",
    });
  });

  it("refuses a workspace the user does not belong to, and a removed member at once", async () => {
    const tenant = await createTenant(db(), auth, "lonely");
    const foreign = await db().workspace.create({ data: { slug: "foreign", name: "Foreign" } });
    const headers = new Headers(tenant.ownerHeaders);
    headers.set(WORKSPACE_HEADER, foreign.id);
    expect(await resolve(headers)).toBeNull();

    await db().membership.deleteMany({ where: { userId: tenant.ownerUserId } });
    expect(await resolve(tenant.ownerHeaders)).toBeNull();
  });

  it("resolves bearer tokens by hash with roles from scopes; revoked, unknown or malformed ones resolve to nobody", async () => {
    const tenant = await createTenant(db(), auth, "tokens");
    const { token, prefix, hash } = generateApiToken();
    const row = await db().apiToken.create({
      data: {
        workspaceId: tenant.workspaceId,
        name: "ci",
        prefix,
        hash,
        scopes: ["results:write"],
      },
    });
    const bearer = new Headers({ authorization: `Bearer ${token}` });
    expect(await resolve(bearer)).toMatchObject({
      via: "token",
      tokenId: row.id,
      role: "member",
      scopes: ["results:write"],
      userId: null,
    });
    expect(
      (await db().apiToken.findUniqueOrThrow({ where: { id: row.id } })).lastUsedAt,
    ).not.toBeNull();

    // A bearer header wins over a session cookie, and a bad one never falls back to it.
    const both = new Headers(tenant.ownerHeaders);
    both.set("authorization", "Bearer mbt_not-a-real-token");
    expect(await resolve(both)).toBeNull();
    expect(await resolve(new Headers({ authorization: "Basic abc" }))).toBeNull();

    await db().apiToken.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
    expect(await resolve(bearer)).toBeNull();
  });

  it("runs the password-reset flow: link by mail, new password works, old one and old sessions do not", async () => {
    const email = "forgetful@example.test";
    const { headers: oldSession } = await signUp(auth, email);
    await auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
    const mail = mails.find((m) => m.to === email);
    expect(mail?.text).toMatch(/\/api\/auth\/reset-password\/[A-Za-z0-9_-]+\?callbackURL=/);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";

    await auth.api.resetPassword({ body: { token, newPassword: "a-brand-new-password" } });
    await expect(
      auth.api.signInEmail({ body: { email, password: "correct-horse-battery" } }),
    ).rejects.toThrow();
    const signedIn = await auth.api.signInEmail({
      body: { email, password: "a-brand-new-password" },
    });
    expect(signedIn.user.email).toBe(email);
    expect(await auth.api.getSession({ headers: oldSession })).toBeNull();
    // The stored verification value is not the token itself.
    const stored = await db().verification.findMany();
    expect(stored.some((v) => v.value.includes(token) || v.identifier.includes(token))).toBe(false);
  });
});
