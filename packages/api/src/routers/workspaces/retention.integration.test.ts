import type { TRole } from "@meshbench/contracts";
import { createPrismaClient } from "@meshbench/db";
import { createServices } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";

describe("workspaces.setRetention: admins only, bounded, per workspace (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let ws: string;
  let victim: string;
  const as = (actor: Partial<Actor> & { role: TRole }, workspaceId = ws) =>
    createCaller({
      services: createServices(db()),
      actor: { userId: null, via: "local", ...actor, workspaceId },
    });

  beforeAll(async () => {
    ws = (await db().workspace.create({ data: { slug: "ret-api", name: "A" } })).id;
    victim = (await db().workspace.create({ data: { slug: "ret-victim", name: "V" } })).id;
  });

  it("lets an admin set and read it, refuses members, tokens and bad values, and touches no other workspace", async () => {
    await expect(
      as({ role: "member" }).workspaces.setRetention({ retentionDays: 1 }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const token = as({
      role: "admin",
      via: "token",
      tokenId: "t",
      scopes: ["read", "results:write"],
    });
    await expect(token.workspaces.setRetention({ retentionDays: 1 })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      as({ role: "admin" }).workspaces.setRetention({ retentionDays: 0 }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await as({ role: "admin" }).workspaces.setRetention({ retentionDays: 90 })).toEqual({
      retentionDays: 90,
    });
    expect(await as({ role: "viewer" }).workspaces.retention()).toEqual({ retentionDays: 90 });
    expect(await as({ role: "viewer" }, victim).workspaces.retention()).toEqual({
      retentionDays: null,
    });
    const rows = await db().workspace.findMany({ select: { slug: true, retentionDays: true } });
    expect(rows.find((r) => r.slug === "ret-victim")?.retentionDays).toBeNull();
  });
});
