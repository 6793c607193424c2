import { parseCsv } from "@meshbench/formats";
import {
  createPrismaClient,
  createRunRepository,
  type Database,
  type ResourceSampleInput,
} from "@meshbench/db";
import { readFixture } from "@meshbench/testing/fixtures";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../create-services";
import { runExport } from "@meshbench/core";

const coords = (variant: string, repetition: number, requestedQps = 100) => ({
  variant,
  requestedQps,
  connections: 1,
  payloadBytes: 0,
  protocol: "http1" as const,
  keepAlive: true,
  repetition,
});
const key = (variant: string, rep: number, qps = 100) =>
  `${variant}/qps-${qps}/c1/p0/http1/ka/rep${rep}`;

/** Two samples 1 s apart of one container while a trial ran. */
const samples = (
  variant: string,
  trialKey: string,
  role: ResourceSampleInput["role"],
  cpu: number,
  at: number,
): ResourceSampleInput[] =>
  [0, 1].map((i) => ({
    trialKey,
    variant,
    role,
    namespace: `ns-${variant}`,
    pod: `${variant}-${role}`,
    container: role,
    cpuMillicores: cpu + i * 10,
    memoryBytes: 50e6,
    sampledAt: new Date(Date.UTC(2026, 0, 1, 0, 0, at + i)),
  }));

/** The "# name" section of the CSV export as records, read by a real CSV parser. */
function csvSection(csv: string, name: string): Record<string, string>[] {
  const block = csv.split(`\n# ${name}\n`)[1]?.split("\n\n")[0] ?? "";
  const [header = [], ...rows] = parseCsv(block);
  return rows.map((r) =>
    Object.fromEntries(r.map((v, i): [string, string] => [header[i] ?? "", v])),
  );
}

describe("run export: tables plus load curve, resources, validity and environment (real database)", () => {
  let db: Database;
  let drop: () => Promise<void>;
  let ws: string;
  let runId: string;
  beforeAll(async () => {
    const test = await createTestDatabase();
    drop = test.drop;
    db = createPrismaClient(test.url);
    const services = createServices(db);
    ws = (await db.workspace.create({ data: { slug: "x", name: "X" } })).id;
    runId = (
      await db.run.create({
        data: {
          workspaceId: ws,
          title: "export me",
          source: "scheduled",
          status: "running",
          trialsTotal: 6,
          environment: {
            kubernetesVersion: "v1.33.1",
            nodes: { count: 3 },
            mesh: { name: "istio", version: "1.26.0" },
            kubeconfig: "apiVersion: v1 # must never be exported",
            loadGeneratorToken: "mbt_secret",
          },
        },
      })
    ).id;
    const record = (variant: string, rep: number, fixture: string, qps = 100, seq = 0) =>
      services.execution.recordTrial(ws, runId, {
        key: key(variant, rep, qps),
        coordinates: coords(variant, rep, qps),
        sequence: seq,
        text: readFixture(fixture),
        samples: [
          ...samples(variant, key(variant, rep, qps), "app", 100, seq * 10),
          ...(variant === "proxy"
            ? samples(variant, key(variant, rep, qps), "proxy", 40, seq * 10)
            : []),
        ],
      });
    await record("baseline", 1, "fortio/baseline-qps100-c1.json", 100, 0);
    await record("baseline", 2, "fortio/baseline-qps100-c1.json", 100, 1);
    await record("proxy", 1, "fortio/proxy-qps100-c1.json", 100, 2);
    await record("proxy", 2, "fortio/proxy-qps100-c1.json", 100, 3);
    // Asked for 1000 QPS, got ~100: saturated, so out of the tables but on the load curve.
    await record("proxy", 1, "fortio/proxy-qps100-c1.json", 1000, 4);
    await services.execution.markFailed(
      ws,
      runId,
      { key: key("baseline", 3), coordinates: coords("baseline", 3), sequence: 5 },
      "no result after 90 s",
    );
    await createRunRepository(db).refreshProgress(ws, runId);
    await services.execution.complete(ws, runId);
  });
  afterAll(async () => {
    await db.$disconnect();
    await drop();
  });

  const report = () => createServices(db).reports.runReport(ws, runId);

  it("JSON: every section, with values", async () => {
    const body = JSON.parse(runExport(await report(), "json").body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining([
        "run",
        "environment",
        "tables",
        "loadCurve",
        "resources",
        "validity",
        "trials",
      ]),
    );
    expect(body["environment"]).toEqual({
      kubernetesVersion: "v1.33.1",
      nodes: { count: 3 },
      mesh: { name: "istio", version: "1.26.0" },
    });
    const resources = body["resources"] as { variant: string; role: string }[];
    expect(resources.map((r) => `${r.variant}/${r.role}`).sort()).toEqual([
      "baseline/app",
      "proxy/app",
      "proxy/proxy",
    ]);
    const curve = body["loadCurve"] as {
      variant: string;
      requestedQps: number;
      achievedQps: number;
      achievedRatio: number;
      errorRate: number;
    }[];
    const proxy100 = curve.find((p) => p.variant === "proxy" && p.requestedQps === 100)!;
    expect(proxy100.achievedQps).toBeCloseTo(99.98, 1);
    expect(proxy100.achievedRatio).toBeCloseTo(0.9998, 3);
    expect(proxy100.errorRate).toBe(0);
    const validity = body["validity"] as {
      trials: { key: string; counts: boolean; exclusion: string | null; reason: string | null }[];
      failures: { count: number };
    };
    const saturated = validity.trials.find((t) => t.key === key("proxy", 1, 1000))!;
    expect(saturated).toMatchObject({ counts: false, exclusion: "saturated", saturated: true });
    expect(saturated.reason).toMatch(/achieved/);
    expect(validity.trials.find((t) => t.key === key("baseline", 3))).toMatchObject({
      exclusion: "not_succeeded",
      reason: "no result after 90 s",
    });
    expect(validity.trials.filter((t) => t.counts)).toHaveLength(4);
    expect(validity.failures.count).toBe(1);
    // The 1000 QPS level keeps its table, with no counting repetition in it.
    expect((body["tables"] as unknown[]).length).toBe(2);
  });

  it("CSV: the percentile table first, then the same sections", async () => {
    const csv = runExport(await report(), "csv").body;
    const header = csv.split("\n")[0]!.split(",");
    // p99.99 sits between p99.9 and max, with the same eight columns as every statistic.
    const [p999, p9999, max] = ["p99.9_ms", "p99.99_ms", "max_ms"].map((c) => header.indexOf(c));
    expect(p999).toBeGreaterThan(0);
    expect(p9999).toBe(p999! + 8);
    expect(max).toBe(p9999! + 8);
    expect(header).toContain("p99.99_within_noise");
    // The first table is unchanged: one row per variant and level.
    expect(csv.split("\n\n")[0]!.trim().split("\n")).toHaveLength(1 + 2 * 2);
    const curve = csvSection(csv, "load_curve");
    // The saturated level is on the load curve (issue 16: shown, not hidden), marked so.
    expect(curve.map((r) => `${r["variant"]}@${r["requestedQps"]}`)).toEqual([
      "baseline@100",
      "proxy@100",
      "proxy@1000",
    ]);
    expect(curve[2]).toMatchObject({ saturated: "true" });
    expect(Number(curve[1]!["achievedQps"])).toBeCloseTo(99.98, 1);
    expect(Number(curve[1]!["p50_ms"])).toBeGreaterThan(0);
    const resources = csvSection(csv, "resources");
    const proxy = resources.find((r) => r["variant"] === "proxy" && r["role"] === "proxy")!;
    expect(Number(proxy["maxCpuMillicores"])).toBe(50);
    expect(Number(proxy["maxMemoryBytes"])).toBe(50e6);
    const validity = csvSection(csv, "validity");
    expect(validity).toHaveLength(6);
    expect(validity.find((r) => r["key"] === key("proxy", 1, 1000))).toMatchObject({
      counts: "false",
      exclusion: "saturated",
      saturated: "true",
      requestedQps: "1000",
      actualQps: "99.98495839283981",
    });
    expect(csvSection(csv, "failures")[0]).toMatchObject({ count: "1" });
    // JSONB keeps its own key order: compare as a set.
    const byKey = (a: Record<string, string>, b: Record<string, string>) =>
      (a["key"] ?? "").localeCompare(b["key"] ?? "");
    expect(csvSection(csv, "environment").sort(byKey)).toEqual([
      { key: "kubernetesVersion", value: "v1.33.1" },
      { key: "mesh.name", value: "istio" },
      { key: "mesh.version", value: "1.26.0" },
      { key: "nodes.count", value: "3" },
    ]);
    expect(csvSection(csv, "run").find((r) => r["key"] === "title")?.["value"]).toBe("export me");
    expect(csv).not.toMatch(/kubeconfig|mbt_secret/);
  });
});
