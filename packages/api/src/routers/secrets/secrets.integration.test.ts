import { roleForScopes, TOKEN_SCOPES, type TRole } from "@meshbench/contracts";
import { createPrismaClient } from "@meshbench/db";
import { createServices, type Services } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";

const VALUE = "Bearer hdr-s3cret-91c2";

/** Every answer and refusal of these calls, as text: the value must be in none of them. */
const seen: string[] = [];
async function record<T>(call: Promise<T>): Promise<T> {
  try {
    const answer = await call;
    seen.push(JSON.stringify(answer));
    return answer;
  } catch (error) {
    seen.push(JSON.stringify({ message: (error as Error).message, error }));
    throw error;
  }
}
const code = (call: Promise<unknown>) =>
  record(call).then(
    () => "ok",
    (e: { code?: string }) => e.code ?? "threw",
  );

describe("secrets.* (admin-only writes, names-only reads)", () => {
  const db = useTestDatabase(createPrismaClient);
  let services: Services;
  let ws: string;
  const session = (role: TRole): Actor => ({ userId: null, workspaceId: ws, role, via: "session" });
  const as = (actor: Actor) => createCaller({ services, actor }).secrets;

  beforeAll(async () => {
    services = createServices(db());
    ws = (await db().workspace.create({ data: { slug: "secrets", name: "Secrets" } })).id;
  });

  it("lets admins create, replace and delete; members and viewers write nothing", async () => {
    for (const role of ["viewer", "member"] as const) {
      expect(await code(as(session(role)).put({ name: "jwt", value: VALUE })), role).toBe(
        "FORBIDDEN",
      );
      expect(await code(as(session(role)).delete({ name: "jwt" })), role).toBe("FORBIDDEN");
      expect(await code(as(session(role)).generateTestJwt({ name: "gen" })), role).toBe(
        "FORBIDDEN",
      );
    }
    expect(await db().workspaceSecret.count()).toBe(0);
    const admin = as(session("admin"));
    const created = await record(admin.put({ name: "jwt", value: VALUE }));
    expect(created).toMatchObject({ name: "jwt", purpose: "header-secret" });
    await record(admin.put({ name: "jwt", value: `${VALUE}-rotated` }));
    expect(await code(as(session("viewer")).list())).toBe("FORBIDDEN");
    const listed = await record(as(session("member")).list());
    expect(listed.map((s) => Object.keys(s).sort())).toEqual([
      ["createdAt", "name", "purpose", "updatedAt"],
    ]);
    const jwt = await record(as(session("owner")).generateTestJwt({ name: "gen" }));
    expect(jwt).toMatchObject({ secret: "gen", issuer: "meshbench-test/gen", generated: true });
    expect(JSON.parse(jwt.jwks!)).toMatchObject({ keys: [{ kty: "RSA" }] });
    await record(admin.delete({ name: "gen" }));
    expect(await code(admin.delete({ name: "gen" }))).toBe("NOT_FOUND");
    const actions = await db().auditEvent.findMany({
      where: { workspaceId: ws },
      orderBy: { createdAt: "asc" },
    });
    expect(actions.map((a) => a.action)).toEqual([
      "secret.created",
      "secret.replaced",
      "secret.created",
      "secret.deleted",
    ]);
  });

  it("reaches no token, whatever its scopes", async () => {
    const token: Actor = {
      userId: null,
      workspaceId: ws,
      via: "token",
      tokenId: "t1",
      scopes: [...TOKEN_SCOPES],
      role: roleForScopes([...TOKEN_SCOPES]),
    };
    expect(token.role).toBe("admin");
    expect(await code(as(token).put({ name: "jwt", value: "x" }))).toBe("FORBIDDEN");
    expect(await code(as(token).delete({ name: "jwt" }))).toBe("FORBIDDEN");
    expect(await code(as(token).generateTestJwt({ name: "t" }))).toBe("FORBIDDEN");
    expect(await code(as(token).list())).toBe("FORBIDDEN");
  });

  it("refuses a bad name or value naming the field, without repeating the value", async () => {
    const admin = as(session("admin"));
    const refusedField = (input: { name: string; value: string }) =>
      record(admin.put(input)).then(
        () => null,
        (e: { code?: string; cause?: { issues?: { path: PropertyKey[] }[] } }) =>
          `${e.code} ${e.cause?.issues?.map((i) => i.path.join(".")).join(",")}`,
      );
    expect(await refusedField({ name: "jwt", value: `${VALUE}\r\nX-Injected: 1` })).toBe(
      "BAD_REQUEST value",
    );
    expect(await refusedField({ name: "../jwt", value: "v" })).toBe("BAD_REQUEST name");
  });

  it("never answered with a value", () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const text of seen) expect(text).not.toContain("hdr-s3cret");
  });
});
