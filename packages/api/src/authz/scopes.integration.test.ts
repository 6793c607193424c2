import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { describe, expect, it } from "vitest";
import type { Actor } from "../context";
import { createServices } from "@meshbench/services";
import { roleForScopes, TOKEN_SCOPES, type TTokenScope } from "@meshbench/contracts";
import {
  adminProcedure,
  createCallerFactory,
  createTRPCRouter,
  memberProcedure,
  ownerProcedure,
  rateLimited,
  requireScope,
  viewerProcedure,
} from "../trpc";

/**
 * The token-scope matrix on procedures shaped like the real tiers: each scope reaches exactly the
 * procedures that name it (plus viewer reads with `read`), and no token reaches an admin or owner
 * procedure that names no scope, whatever it holds.
 */
describe("token scopes against every tier", () => {
  const db = useTestDatabase(createPrismaClient);
  const ok = () => "ok";
  const router = createTRPCRouter({
    read: viewerProcedure.query(ok),
    upload: requireScope("results:write").mutation(ok),
    trigger: requireScope("runs:trigger").mutation(ok),
    registerCluster: requireScope("clusters:write").mutation(ok),
    saveBenchmark: requireScope("benchmarks:write").mutation(ok),
    shareRun: requireScope("share:write").mutation(ok),
    setBudgets: requireScope("budgets:write").mutation(ok),
    createAlertChannel: requireScope("alerts:write").mutation(ok),
    editBenchmark: memberProcedure.mutation(ok),
    manageTokens: adminProcedure.mutation(ok),
    manageMembers: ownerProcedure.mutation(ok),
  });
  type Path = keyof typeof router._def.procedures;
  const call = (actor: Actor, path: Path) => {
    const caller = createCallerFactory(router)({ services: createServices(db()), actor });
    return caller[path]().then(
      () => "ok",
      (e: { code?: string }) => e.code ?? "threw",
    );
  };
  const token = (scopes: TTokenScope[]): Actor => ({
    userId: null,
    tokenId: `tok-${scopes.join("+")}`,
    workspaceId: "ws1",
    role: roleForScopes(scopes),
    scopes,
    via: "token",
  });
  const reaches: Record<TTokenScope, Path[]> = {
    read: ["read"],
    "results:write": ["upload"],
    "runs:trigger": ["trigger"],
    "benchmarks:write": ["saveBenchmark"],
    "share:write": ["shareRun"],
    "clusters:write": ["registerCluster"],
    "budgets:write": ["setBudgets"],
    "alerts:write": ["createAlertChannel"],
  };
  const paths = Object.keys(router._def.procedures) as Path[];

  for (const scope of TOKEN_SCOPES) {
    it(`a ${scope} token reaches ${reaches[scope].join(", ")} and nothing else`, async () => {
      for (const path of paths) {
        const expected = reaches[scope].includes(path) ? "ok" : "FORBIDDEN";
        expect(await call(token([scope]), path), `${scope} → ${path}`).toBe(expected);
      }
    });
  }

  it("a token with every scope still reaches no member, admin or owner procedure without a scope", async () => {
    // Tokens cannot be created like this (budgets:write excludes results:write and runs:trigger);
    // the tier rule must hold even for one stored before that rule.
    const all = token([...TOKEN_SCOPES]);
    expect(all.role).toBe("admin");
    for (const path of paths)
      expect(await call(all, path), path).toBe(
        path === "manageTokens" || path === "manageMembers" || path === "editBenchmark"
          ? "FORBIDDEN"
          : "ok",
      );
  });

  it("sessions need the tier's role: clusters:write and budgets:write procedures are admin-only", async () => {
    const session = (role: Actor["role"]): Actor => ({
      userId: `u-${role}`,
      workspaceId: "ws1",
      role,
      via: "session",
    });
    expect(await call(session("member"), "registerCluster")).toBe("FORBIDDEN");
    expect(await call(session("member"), "setBudgets")).toBe("FORBIDDEN");
    expect(await call(session("member"), "upload")).toBe("ok");
    expect(await call(session("member"), "saveBenchmark")).toBe("ok");
    expect(await call(session("viewer"), "shareRun")).toBe("FORBIDDEN");
    expect(await call(session("admin"), "registerCluster")).toBe("ok");
    expect(await call(session("admin"), "setBudgets")).toBe("ok");
    expect(await call(session("admin"), "manageMembers")).toBe("FORBIDDEN");
  });
});

/** requireScope and rateLimited, on a procedure shaped like the result upload. */
describe("token scopes and the upload rate limit", () => {
  const db = useTestDatabase(createPrismaClient);
  const router = createTRPCRouter({
    upload: requireScope("results:write")
      .use(rateLimited("upload"))
      .mutation(() => "stored"),
  });
  const callerFor = (actor: Actor) =>
    createCallerFactory(router)({
      services: createServices(db(), {
        rateLimits: { upload: { points: 2, durationSeconds: 60 } },
      }),
      actor,
    });
  const token = (scopes: Actor["scopes"], tokenId = "tok1"): Actor => ({
    userId: null,
    tokenId,
    workspaceId: "ws1",
    role: scopes?.some((s) => s !== "read") ? "member" : "viewer",
    scopes,
    via: "token",
  });

  it("admits tokens holding the scope and members, refuses other scopes and viewers", async () => {
    await expect(callerFor(token(["results:write"], "t-ok")).upload()).resolves.toBe("stored");
    await expect(callerFor(token(["runs:trigger"], "t-other")).upload()).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(callerFor(token(["read"], "t-read")).upload()).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const session = (role: Actor["role"]): Actor => ({
      userId: `u-${role}`,
      workspaceId: "ws1",
      role,
      via: "session",
    });
    await expect(callerFor(session("member")).upload()).resolves.toBe("stored");
    await expect(callerFor(session("viewer")).upload()).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("answers TOO_MANY_REQUESTS past the bucket, per token", async () => {
    const caller = callerFor(token(["results:write"], "t-busy"));
    await caller.upload();
    await caller.upload();
    await expect(caller.upload()).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    await expect(callerFor(token(["results:write"], "t-calm")).upload()).resolves.toBe("stored");
  });
});
