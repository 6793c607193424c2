import { randomBytes } from "node:crypto";
import type { TBenchmarkDefinition, TBudgets } from "@meshbench/contracts";
import { createRunRepository, type Database } from "@meshbench/db";
import type { Actor, Services } from "../context";
import { createAuth, sessionLookup, type Auth } from "../auth/create-auth";
import { resolveActor } from "../auth/resolve-actor";
import { createDisabledMailer, createServices } from "@meshbench/services";
import { TOKEN_SCOPES, type TRole, type TTokenScope } from "@meshbench/contracts";
import { generateApiToken } from "@meshbench/services";
import { kubeconfigFor, startFakeApiserver, TEST_CLUSTER_RULES } from "./fake-apiserver";
import {
  benchmarkDefinition,
  LEVEL_KEY,
  MATRIX_BUDGETS,
  seedTenant,
  type SeededTenant,
  type Tenant,
} from "./matrix-seed";

export type { Tenant };

export type MatrixFixtures = {
  db: Database;
  services: Services;
  auth: Auth;
  a: SeededTenant;
  b: SeededTenant;
  /** The level key of the seeded runs' trials, for comparisons. */
  levelKey: string;
  /** The budgets seeded on both benchmarks (valid input for verdicts.setBudgets). */
  budgets: TBudgets;
  benchmarkDefinition: (key: string) => TBenchmarkDefinition;
  kubeconfig: {
    /** An empty cluster that grants everything (fake apiserver over HTTP): registers "ready". */
    reachable: string;
    /** Nothing listens there: registration succeeds with status "unreachable". */
    unreachable: string;
  };
  /** Runs handed to the (recording) queue by runs.start. */
  enqueued: { runId: string; workspaceId: string }[];
  /** Ids of A's objects that must never appear in an answer to workspace B. */
  markersOfA: string[];
  /** A unique suffix for names and emails that must not collide between calls. */
  unique: () => string;
  /** A fresh member of A (for procedures that change or remove one). */
  newMemberOfA: (role?: TRole) => Promise<{ memberId: string; userId: string }>;
  /** Fresh objects of A, for procedures that consume theirs (delete, cancel, revoke). */
  newClusterOfA: () => Promise<string>;
  newQueuedRunOfA: () => Promise<string>;
  newShareLinkOfA: () => Promise<string>;
  newScheduleOfA: () => Promise<string>;
};

/** Every scope but budgets:write, and every scope that may go with budgets:write. */
const CI_SCOPES = TOKEN_SCOPES.filter((s) => s !== "budgets:write");
const ADMIN_SCOPES = TOKEN_SCOPES.filter((s) => s !== "results:write" && s !== "runs:trigger");

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
  const enqueued: MatrixFixtures["enqueued"] = [];
  const apiserver = await startFakeApiserver();
  const services = createServices(db, {
    runQueue: { enqueue: (job) => Promise.resolve(void enqueued.push(job)) },
    clusterRules: TEST_CLUSTER_RULES,
  });
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
  const a = await seedTenant(
    db,
    services,
    await createTenant(db, auth, "tenant-a"),
    apiserver.kubeconfig,
  );
  const b = await seedTenant(
    db,
    services,
    await createTenant(db, auth, "tenant-b"),
    apiserver.kubeconfig,
  );

  const sessionIn = async (tenant: Tenant, role: TRole) => {
    const user = await signUp(
      auth,
      `${role}-${randomBytes(4).toString("hex")}@${tenant.slug}.test`,
    );
    await db.membership.create({
      data: { workspaceId: tenant.workspaceId, userId: user.userId, role },
    });
    return resolve(user.headers);
  };
  const tokenIn = async (tenant: Tenant, scopes: TTokenScope[]) => {
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
    levelKey: LEVEL_KEY,
    budgets: MATRIX_BUDGETS,
    benchmarkDefinition,
    kubeconfig: {
      reachable: apiserver.kubeconfig,
      unreachable: kubeconfigFor("http://127.0.0.1:1"),
    },
    enqueued,
    markersOfA: [
      a.workspaceId,
      a.ownerUserId,
      a.runId,
      a.benchmarkId,
      a.clusterId,
      a.shareLinkId,
      "tenant-a",
    ],
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
    async newClusterOfA() {
      const { cluster } = await services.clusters.register(
        a.workspaceId,
        {
          name: `doomed ${fixtures.unique()}`,
          auth: { mode: "kubeconfig", kubeconfig: apiserver.kubeconfig },
        },
        { actorUserId: null },
      );
      return cluster.id;
    },
    async newQueuedRunOfA() {
      return createRunRepository(db).create(a.workspaceId, {
        title: "queued",
        source: "scheduled",
        status: "queued",
        benchmarkId: a.benchmarkId,
        clusterId: a.clusterId,
      });
    },
    async newScheduleOfA() {
      const schedule = await services.schedules.create(
        a.workspaceId,
        {
          benchmarkId: a.benchmarkId,
          clusterId: a.clusterId,
          cron: "0 3 * * *",
          timezone: "UTC",
          enabled: true,
        },
        { actorUserId: null },
      );
      return schedule.id;
    },
    async newShareLinkOfA() {
      const link = await services.share.create(a.workspaceId, a.ownerUserId, {
        kind: "run",
        runId: a.runId,
      });
      return link.id;
    },
  };

  const callers = {
    aViewer: await sessionIn(a, "viewer"),
    aMember: await sessionIn(a, "member"),
    aAdmin: await sessionIn(a, "admin"),
    aOwner: await resolve(a.ownerHeaders),
    aReadToken: await tokenIn(a, ["read"]),
    /** What CI holds to upload, run and judge. */
    aCiToken: await tokenIn(a, ["read", "results:write", "runs:trigger"]),
    /** What `meshbench cluster connect --register` holds, alone. */
    aClustersToken: await tokenIn(a, ["clusters:write"]),
    /** The most one token may hold without budgets:write … */
    aAllScopesToken: await tokenIn(a, CI_SCOPES),
    /** … and the most it may hold with it (no results:write, no runs:trigger). */
    aAdminScopesToken: await tokenIn(a, ADMIN_SCOPES),
    bOwner: await resolve(b.ownerHeaders),
    bAllScopesToken: await tokenIn(b, CI_SCOPES),
    bAdminScopesToken: await tokenIn(b, ADMIN_SCOPES),
  };
  return { fixtures, callers, close: apiserver.close };
}
