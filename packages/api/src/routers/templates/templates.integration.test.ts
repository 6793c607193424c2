import { TEMPLATE_KEYS, ZBenchmarkDefinition } from "@meshbench/contracts";
import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { createServices } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createRestHandler } from "../../rest/rest-handler";
import { createCaller } from "../../root";

const ORIGIN = "http://meshbench.test";

describe("templates.list / templates.get over tRPC and REST (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let workspaceId: string;
  const actor = (): Actor => ({
    userId: null,
    workspaceId,
    role: "viewer",
    via: "token",
    tokenId: null,
    scopes: ["read"],
  });
  const rest = () =>
    createRestHandler({
      idempotency: () => createIdempotencyRepository(db()),
      createContext: () => Promise.resolve({ services: createServices(db()), actor: actor() }),
      trustedOrigins: [ORIGIN],
      onUnexpectedError: () => undefined,
    });

  beforeAll(async () => {
    workspaceId = (await db().workspace.create({ data: { slug: "tpl", name: "Templates" } })).id;
  });

  it("lists the five templates over REST", async () => {
    const response = await rest()(new Request(`${ORIGIN}/api/v1/templates`));
    expect(response.status).toBe(200);
    const list = (await response.json()) as { key: string }[];
    expect(list.map((t) => t.key)).toEqual([...TEMPLATE_KEYS]);
  });

  it("gives a template's definition for a mesh choice, at test scale on request, which benchmarks.create accepts", async () => {
    const response = await rest()(
      new Request(`${ORIGIN}/api/v1/templates/linkerd-vs-istio`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ meshes: ["istio-ambient"], testScale: true }),
      }),
    );
    expect(response.status).toBe(200);
    const detail = (await response.json()) as { definition: unknown };
    const definition = ZBenchmarkDefinition.parse(detail.definition);
    expect(definition.variants.map((v) => v.mesh)).toEqual(["baseline", "istio-ambient"]);
    expect(definition.durationSeconds).toBe(3);
    expect(definition.methodology.runRule).toEqual({ dropWorst: 3, by: "max" });
    expect(definition.template).toBe("linkerd-vs-istio");

    const member = createCaller({
      services: createServices(db()),
      actor: { ...actor(), role: "member", via: "session", scopes: undefined },
    });
    const full = await member.templates.get({ key: "istio-perf-page" });
    const created = await member.benchmarks.create(full.definition);
    const stored = await member.benchmarks.get({ benchmarkKey: created.definition.key });
    expect(stored.definition.template).toBe("istio-perf-page");
    expect(stored.definition.reportSections[0]).toBe("added-latency");
  });

  it("refuses a mesh the template does not take, naming the field", async () => {
    const response = await rest()(
      new Request(`${ORIGIN}/api/v1/templates/kmesh-vs-ambient`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ meshes: ["linkerd"] }),
      }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { field: string; message: string } };
    expect(body.error.field).toBe("meshes[0]");
    expect(body.error.message).toContain("kmesh-vs-ambient takes kmesh, istio-ambient");
    const unknown = await rest()(
      new Request(`${ORIGIN}/api/v1/templates/nope`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      }),
    );
    expect(unknown.status).toBe(400);
  });
});
