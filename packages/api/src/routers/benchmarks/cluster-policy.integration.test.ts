import { createPrismaClient } from "@meshbench/db";
import { createServices } from "@meshbench/services";
import { HOSTILE_BENCHMARKS } from "@meshbench/testing/hostile-benchmarks";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";

/**
 * Issue 20, defect 5 as the attacker: a member (and an admin: the cluster's credentials outrank
 * both) saves benchmarks that would create privileged pods, RBAC, mesh-wide Istio objects or
 * reserved labels and annotations. Each is a BAD_REQUEST naming the field; nothing is stored.
 */
describe("benchmarks.create / benchmarks.update refuse what the cluster policy refuses (tRPC, real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let workspaceId: string;
  let userId: string;
  const caller = (role: "member" | "admin") => {
    const actor: Actor = { userId, workspaceId, role, via: "session", tokenId: null };
    return createCaller({ services: createServices(db()), actor });
  };

  beforeAll(async () => {
    workspaceId = (await db().workspace.create({ data: { slug: "attack", name: "Attack" } })).id;
    userId = (
      await db().user.create({
        data: { email: "member@attack.test", name: "Member", emailVerified: true },
      })
    ).id;
  });

  const cases = HOSTILE_BENCHMARKS.flatMap((h) =>
    (["member", "admin"] as const).map((role) => ({ ...h, role })),
  );

  it.each(cases)("$role: $name → BAD_REQUEST on $field, nothing stored", async (h) => {
    const api = caller(h.role);
    const count = () => db().benchmark.count({ where: { workspaceId } });
    const before = await count();
    const definition = { key: `hostile-${h.role}`, name: "hostile", ...h.definition };
    const error = await api.benchmarks.create(definition as never).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCError);
    expect(error).toMatchObject({ code: "BAD_REQUEST", cause: { field: h.field } });
    expect((error as TRPCError).message).toMatch(h.message);
    expect(await count()).toBe(before);
  });

  it("member: an existing benchmark cannot be updated into a hostile one either", async () => {
    const api = caller("member");
    const plain = {
      key: "plain",
      name: "plain",
      target: { kind: "fortio-echo" as const },
      variants: [{ name: "base", mesh: "baseline" as const }],
      loadMatrix: { qps: [100], connections: [2] },
    };
    await api.benchmarks.create(plain);
    for (const h of HOSTILE_BENCHMARKS) {
      const definition = { ...plain, ...h.definition };
      await expect(
        api.benchmarks.update({ benchmarkKey: "plain", definition: definition }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST", cause: { field: h.field } });
    }
    const stored = await api.benchmarks.get({ benchmarkKey: "plain" });
    expect(stored.definition.target).toEqual({
      kind: "fortio-echo",
      replicas: 1,
      image: "fortio/fortio:1.68.2",
    });
    expect(stored.definition.variants.map((v) => v.name)).toEqual(["base"]);
  });
});
