import { readFileSync } from "node:fs";
import path from "node:path";
import { mergeHistograms, percentilesFromHistogram } from "@meshbench/core";
import { createPrismaClient } from "@meshbench/db";
import { importFortioJson } from "@meshbench/formats";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";
import { demoMatrixDir, seedDemo } from "@meshbench/demo";
import { createServices } from "@meshbench/services";

const fixture = (name: string) =>
  importFortioJson(readFileSync(path.join(demoMatrixDir, name), "utf8"));

describe("reports and share links over a real database", () => {
  const db = useTestDatabase(createPrismaClient);
  let demo: Awaited<ReturnType<typeof seedDemo>>;
  const callerFor = (actor: Actor | null) =>
    createCaller({ services: createServices(db()), actor });
  const member = (): Actor => ({
    userId: null,
    workspaceId: demo.workspaceId,
    role: "member",
    via: "local",
  });

  beforeAll(async () => {
    demo = await seedDemo(db());
  });

  it("pools each variant's repetitions per level and compares against the baseline", async () => {
    const report = await callerFor(member()).reports.run({ runId: demo.runId });
    expect(report.variants).toEqual(["baseline", "nginx"]);
    expect(report.levels.map((l) => l.label)).toEqual([
      "100 QPS · 8 conns",
      "500 QPS · 8 conns",
      "1000 QPS · 8 conns",
    ]);
    const level = report.levels[1]!;
    const nginx = level.rows.find((r) => r.variant === "nginx")!;
    expect(nginx.repetitions).toBe(5);
    const pooled = mergeHistograms(
      [1, 2, 3, 4, 5].map((rep) => fixture(`nginx-qps500-c8-rep${rep}.json`).histogram!),
    );
    const [p50, p99] = percentilesFromHistogram(pooled, [50, 99]);
    expect(nginx.stats.find((s) => s.stat === "p50")!.value).toBe(p50);
    expect(nginx.stats.find((s) => s.stat === "p99")!.value).toBe(p99);
    const delta = nginx.stats.find((s) => s.stat === "p50")!;
    expect(delta.delta?.interval?.absolute).toHaveLength(2);
    expect(delta.wording).toMatch(/slower|no difference/);
    expect(level.curves.every((c) => c.cdf.length > 2 && c.ccdf.length > 2)).toBe(true);
    expect(report.resources).toEqual([]);
  });

  it("lists every trial without histograms, so the run page needs no second load of the run", async () => {
    const report = await callerFor(member()).reports.run({ runId: demo.runId });
    const run = await callerFor(member()).runs.get({ runId: demo.runId });
    expect(report.trials.map((t) => t.key)).toEqual(run.trials.map((t) => t.key));
    expect(report.trials.every((t) => !("histogram" in t))).toBe(true);
    expect(report.trials[0]).toMatchObject({ sequence: 1, status: "succeeded" });
    expect(report.trials[0]!.summary?.p50).toBeGreaterThan(0);
  });

  it("reports resource cost per variant and role, per 1000 achieved RPS", async () => {
    const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 12, 0, seconds));
    const sample = (role: "proxy" | "app", seconds: number, cpu: number, mem: number) => ({
      runId: demo.runId,
      variant: "nginx",
      role,
      namespace: "mb-demo-nginx",
      pod: "echo-1",
      container: role === "proxy" ? "istio-proxy" : "echo",
      cpuMillicores: cpu,
      memoryBytes: mem,
      sampledAt: at(seconds),
    });
    await db().resourceSample.createMany({
      data: [
        sample("proxy", 0, 200, 50e6),
        sample("proxy", 10, 300, 60e6),
        sample("app", 0, 100, 20e6),
        sample("app", 10, 100, 20e6),
      ],
    });
    try {
      const report = await callerFor(member()).reports.run({ runId: demo.runId });
      const proxy = report.resources.find((r) => r.variant === "nginx" && r.role === "proxy")!;
      expect(proxy).toMatchObject({ maxCpuMillicores: 300, maxMemoryBytes: 60e6 });
      expect(proxy.avgCpuMillicores).toBeGreaterThanOrEqual(200);
      expect(proxy.avgCpuMillicores).toBeLessThanOrEqual(300);
      // Normalised by nginx's achieved rate over all its trials (requests / seconds).
      const trials = await db().trial.findMany({ where: { runId: demo.runId, variant: "nginx" } });
      const requests = trials.reduce((a, t) => a + (t.requestCount ?? 0), 0);
      const seconds = trials.reduce((a, t) => a + (t.durationSeconds ?? 0), 0);
      expect(proxy.cpuPer1000Rps).toBeCloseTo(
        proxy.avgCpuMillicores / (requests / seconds / 1000),
        6,
      );
      const app = report.resources.find((r) => r.variant === "nginx" && r.role === "app")!;
      expect(app).toMatchObject({ maxCpuMillicores: 100, avgCpuMillicores: 100 });
      expect(report.resources.some((r) => r.variant === "baseline")).toBe(false);
    } finally {
      await db().resourceSample.deleteMany({ where: { runId: demo.runId } });
    }
  });

  it("compares items of a comparison against the chosen reference, and 404s a bad permalink", async () => {
    const caller = callerFor(member());
    const state = {
      items: [
        { runId: demo.runId, variant: "baseline", levelKey: "qps-100/c8/p0/http1/ka" },
        { runId: demo.runId, variant: "nginx", levelKey: "qps-1000/c8/p0/http1/ka" },
      ],
      reference: 1,
    };
    const cmp = await caller.reports.compare(state);
    expect(cmp.table.rows.map((r) => r.isReference)).toEqual([false, true]);
    await expect(
      caller.reports.compare({
        items: [{ runId: demo.runId, variant: "istio", levelKey: "qps-1/c1/p0/http1/ka" }],
        reference: 0,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("shares a run publicly with a 256-bit id until it is revoked", async () => {
    const link = await callerFor(member()).share.create({ kind: "run", runId: demo.runId });
    expect(Buffer.from(link.id, "base64url")).toHaveLength(32);
    const view = await callerFor(null).share.view({ id: link.id });
    expect(view.kind).toBe("run");
    const csv = await callerFor(null).share.export({ id: link.id, format: "csv" });
    expect(csv.body.split("\n")[0]).toContain("p99.9_ms");
    expect(csv.body.split("\n")[0]).toContain("p99.99_ms");
    await callerFor(member()).share.revoke({ id: link.id });
    await expect(callerFor(null).share.view({ id: link.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      callerFor({ ...member(), role: "viewer" }).share.create({ kind: "run", runId: demo.runId }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("filters the runs list", async () => {
    const caller = callerFor(member());
    expect(
      (await caller.runs.list({ limit: 10, variant: "nginx", source: "import" })).items,
    ).toHaveLength(1);
    expect((await caller.runs.list({ limit: 10, status: "running" })).items).toHaveLength(0);
    expect((await caller.runs.filterOptions()).variants).toEqual(["baseline", "nginx"]);
  });
});
