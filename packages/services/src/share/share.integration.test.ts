import { createPrismaClient, createRunRepository } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { createServices, type Services } from "../create-services";
import { recordFixtureRun, reps } from "../test-support/fixture-trials";

/** Share links as the attacker holds them: ids of another workspace, revoked links, guesses. */
describe("share service (real database)", () => {
  const db = useTestDatabase(createPrismaClient);
  let services: Services;
  let mine: string;
  let theirs: string;
  let myRun: string;
  let theirRun: string;

  beforeAll(async () => {
    services = createServices(db());
    const runs = createRunRepository(db());
    mine = (await db().workspace.create({ data: { slug: "mine", name: "Mine" } })).id;
    theirs = (await db().workspace.create({ data: { slug: "theirs", name: "Theirs" } })).id;
    myRun = await runs.create(mine, { title: "mine", source: "import", status: "running" });
    theirRun = await runs.create(theirs, { title: "theirs", source: "import", status: "running" });
    for (const [ws, run] of [
      [mine, myRun],
      [theirs, theirRun],
    ] as const)
      await recordFixtureRun(runs, ws, run, [...reps("baseline", "baseline", 100, [1, 2])]);
  });

  const links = () => db().shareLink.count();

  it("refuses to share another workspace's run or comparison, and stores nothing", async () => {
    const before = await links();
    await expect(
      services.share.create(mine, null, { kind: "run", runId: theirRun }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", field: "runId" });
    const items = [{ runId: theirRun, variant: "baseline", levelKey: "qps-100/c8/p0/http1/ka" }];
    await expect(
      services.share.create(mine, null, {
        kind: "comparison",
        comparison: { items, reference: 0 },
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await links()).toBe(before);
  });

  it("shows a link to anyone until it is revoked, then neither the view nor the export", async () => {
    const link = await services.share.create(mine, null, { kind: "run", runId: myRun });
    const view = await services.share.view(link.id);
    expect(view.kind === "run" && view.report.run.id).toBe(myRun);
    expect((await services.share.export(link.id, "csv")).body).toContain("baseline");

    await expect(services.share.revoke(theirs, link.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await services.share.view(link.id)).toMatchObject({ kind: "run" });

    expect(await services.share.revoke(mine, link.id)).toEqual({ revoked: true });
    await expect(services.share.view(link.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(services.share.export(link.id, "json")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(services.share.view("A".repeat(43))).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lists only the caller's links", async () => {
    await services.share.create(theirs, null, { kind: "run", runId: theirRun });
    const listed = await services.share.list(mine, {});
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((l) => l.runId === myRun)).toBe(true);
  });
});
