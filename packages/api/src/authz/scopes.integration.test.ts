import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { describe, expect, it } from "vitest";
import type { Actor } from "../context";
import { createServices } from "@meshbench/services";
import { createCallerFactory, createTRPCRouter, rateLimited, requireScope } from "../trpc";

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
