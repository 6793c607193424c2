import { randomBytes } from "node:crypto";
import type { Database } from "@meshbench/db";
import type { Actor, Services } from "../context";
import { createAuth, sessionLookup, type Auth } from "../auth/create-auth";
import { createDisabledMailer } from "../auth/mailer";
import { resolveActor } from "../auth/resolve-actor";
import { createServices } from "../services";
import type { Role } from "../context";
import type { TokenScope } from "../auth/scopes";
import { generateApiToken } from "../auth/api-token";

/**
 * Two tenants built through the real paths: users signed up with better-auth, sessions as cookie
 * headers, API tokens as bearer headers, each resolved to an Actor by resolveActor.
 */
export type Tenant = { workspaceId: string; slug: string; ownerUserId: string; runId: string };

export type MatrixFixtures = {
  db: Database;
  services: Services;
  auth: Auth;
  a: Tenant;
  b: Tenant;
  /** A unique suffix for names and emails that must not collide between calls. */
  unique: () => string;
  /** A fresh member of A (for procedures that change or remove one). */
  newMemberOfA: (role?: Role) => Promise<{ memberId: string; userId: string }>;
};

export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";

export async function signUp(
  auth: Auth,
  email: string,
): Promise<{ userId: string; headers: Headers }> {
  const { headers, response } = await auth.api.signUpEmail({
    body: { email, password: "correct-horse-battery", name: email.split("@")[0] ?? "user" },
    returnHeaders: true,
  });
  const cookie = (headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { userId: response.user.id, headers: new Headers({ cookie }) };
}

export async function createTenant(
  db: Database,
  auth: Auth,
  slug: string,
): Promise<Tenant & { ownerHeaders: Headers }> {
  const owner = await signUp(auth, `owner@${slug}.test`);
  const workspace = await db.workspace.create({ data: { slug, name: `Tenant ${slug}` } });
  await db.membership.create({
    data: { workspaceId: workspace.id, userId: owner.userId, role: "owner" },
  });
  const run = await db.run.create({
    data: { workspaceId: workspace.id, title: `${slug} run`, source: "import" },
  });
  return {
    workspaceId: workspace.id,
    slug,
    ownerUserId: owner.userId,
    runId: run.id,
    ownerHeaders: owner.headers,
  };
}

export async function buildMatrix(db: Database) {
  const services = createServices(db);
  const auth = createAuth(db, {
    secret: TEST_AUTH_SECRET,
    baseURL: "http://localhost:3000",
    mailer: createDisabledMailer(() => {}),
    audit: services.audit,
  });
  const deps = {
    getSession: sessionLookup(auth),
    memberships: services.members,
    tokens: services.tokens,
  };
  const resolve = async (headers: Headers): Promise<Actor> => {
    const actor = await resolveActor(headers, deps);
    if (!actor) throw new Error("fixture caller did not resolve to an actor");
    return actor;
  };
  const a = await createTenant(db, auth, "tenant-a");
  const b = await createTenant(db, auth, "tenant-b");

  const sessionIn = async (tenant: Tenant, role: Role) => {
    const user = await signUp(
      auth,
      `${role}-${randomBytes(4).toString("hex")}@${tenant.slug}.test`,
    );
    await db.membership.create({
      data: { workspaceId: tenant.workspaceId, userId: user.userId, role },
    });
    return resolve(user.headers);
  };
  const tokenIn = async (tenant: Tenant, scopes: TokenScope[]) => {
    const { token, prefix, hash } = generateApiToken();
    await db.apiToken.create({
      data: { workspaceId: tenant.workspaceId, name: "matrix", prefix, hash, scopes },
    });
    return resolve(new Headers({ authorization: `Bearer ${token}` }));
  };

  let counter = 0;
  const fixtures: MatrixFixtures = {
    db,
    services,
    auth,
    a,
    b,
    unique: () => `${Date.now().toString(36)}${(counter++).toString(36)}`,
    async newMemberOfA(role = "viewer") {
      const user = await db.user.create({
        data: { email: `m-${fixtures.unique()}@tenant-a.test`, name: "Member" },
      });
      const m = await db.membership.create({
        data: { workspaceId: a.workspaceId, userId: user.id, role },
      });
      return { memberId: m.id, userId: user.id };
    },
  };

  const callers = {
    aViewer: await sessionIn(a, "viewer"),
    aMember: await sessionIn(a, "member"),
    aAdmin: await sessionIn(a, "admin"),
    aOwner: await resolve(a.ownerHeaders),
    aReadToken: await tokenIn(a, ["read"]),
    aAllScopesToken: await tokenIn(a, ["read", "results:write", "runs:trigger"]),
    bOwner: await resolve(b.ownerHeaders),
    bAllScopesToken: await tokenIn(b, ["read", "results:write", "runs:trigger"]),
  };
  return { fixtures, callers };
}
