/**
 * The capacity search's trial source over a real database: trials are stored through the same
 * recording path as the worker's (Fortio JSON → validity-assessed trial rows), the search state is
 * only what was stored, and a "restarted worker" (a new generator part-way) carries on to the same
 * result. The load is a synthetic server with a known capacity, so no cluster is involved.
 */
import {
  ZBenchmarkDefinition,
  type TBenchmarkDefinitionInput,
  type TTrialCoordinates,
} from "@meshbench/contracts";
import {
  CAPACITY_ENVIRONMENT_SECTION,
  capacityEnvironmentSection,
  capacityCeilingFor,
  capacityResults,
  capacitySearchConfigOf,
  type TPlannedTrial,
} from "@meshbench/core";
import { createPrismaClient, type Database } from "@meshbench/db";
import { createServices } from "@meshbench/services";
import { readFixture } from "@meshbench/testing/fixtures";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capacityTrials, capacityVariantsToRun } from "./capacity-trials";

const template = JSON.parse(readFixture("fortio/rest/rest-sync-get-qps200-c4.json")) as Record<
  string,
  unknown
>;

/** A server that meets p99 ≤ 10 ms up to `capacity` QPS and falls over above it. */
function fortioResult(c: TTrialCoordinates, capacity: number): string {
  const qps = c.requestedQps!;
  const over = qps > capacity;
  const p99 = over ? 0.08 : 0.002 + (0.006 * qps) / capacity;
  const actual = over ? capacity * 1.02 : qps * 0.999;
  const count = Math.round(actual * 3);
  return JSON.stringify({
    ...template,
    RequestedQPS: String(qps),
    ActualQPS: actual,
    ActualDuration: 3e9,
    RequestedDuration: "3s",
    NumThreads: 8,
    RetCodes: { "200": count },
    DurationHistogram: {
      Count: count,
      Min: p99 / 4,
      Max: p99,
      Sum: (count * p99) / 2,
      Avg: p99 / 2,
      StdDev: p99 / 8,
      Data: [
        { Start: p99 / 4, End: p99 / 2, Percent: 50, Count: Math.floor(count / 2) },
        { Start: p99 / 2, End: p99, Percent: 100, Count: count - Math.floor(count / 2) },
      ],
      Percentiles: [
        { Percentile: 50, Value: p99 / 2 },
        { Percentile: 99, Value: p99 },
      ],
    },
  });
}

const CAPACITY = { baseline: 1000, slow: 700 };

const input: TBenchmarkDefinitionInput = {
  key: "cap",
  name: "cap",
  target: { kind: "fortio-echo", replicas: 1 },
  variants: [
    { name: "baseline", mesh: "baseline" },
    { name: "slow", mesh: "baseline" },
  ],
  loadMatrix: { qps: [100], connections: [8] },
  durationSeconds: 3,
  warmupSeconds: 0,
  capacity: {
    p99Ms: 10,
    startQps: 400,
    precisionPercent: 5,
    repetitionsPerProbe: 2,
    maxTrials: 40,
  },
};

describe("the capacity search's trials over stored results", () => {
  let db: Database;
  let drop: () => Promise<void>;
  let ws: string;
  const def = ZBenchmarkDefinition.parse(input);
  const config = capacitySearchConfigOf(def, def.capacity!);

  beforeAll(async () => {
    const test = await createTestDatabase();
    drop = test.drop;
    db = createPrismaClient(test.url);
    ws = (await db.workspace.create({ data: { slug: "c", name: "C" } })).id;
  });
  afterAll(async () => {
    await db?.$disconnect();
    await drop?.();
  });

  const newRun = async (c = config) =>
    (
      await db.run.create({
        data: {
          workspaceId: ws,
          title: "cap",
          source: "scheduled",
          status: "running",
          trialsTotal: 40,
          environment: { [CAPACITY_ENVIRONMENT_SECTION]: capacityEnvironmentSection(c) },
        },
      })
    ).id;

  /**
   * Runs the generator's trials, recording each; stops after `limit` trials (a killed worker).
   * With `generatorCap`, the load generator (100m CPU limit) cannot send more than that many QPS:
   * above it the trial falls short with the generator at 98m while the target keeps its SLO.
   */
  async function drive(runId: string, limit = Infinity, generatorCap = Infinity, c = config) {
    const { execution } = createServices(db);
    const ran: TPlannedTrial[] = [];
    const ctx = { ws, runId, def, config: c, execution, log: () => {} };
    for await (const t of capacityTrials(ctx)) {
      if (ran.length >= limit) break;
      const capacity = CAPACITY[t.coordinates.variant as keyof typeof CAPACITY];
      await execution.markRunning(ws, runId, t);
      const bound = t.coordinates.requestedQps! > generatorCap;
      const text = bound
        ? fortioResult({ ...t.coordinates, requestedQps: generatorCap }, capacity).replace(
            `"RequestedQPS":"${generatorCap}"`,
            `"RequestedQPS":"${t.coordinates.requestedQps}"`,
          )
        : fortioResult(t.coordinates, capacity);
      const lgCpu = bound ? 98 : 40;
      expect(
        await execution.recordTrial(ws, runId, {
          ...t,
          text,
          samples: [
            {
              trialKey: t.key,
              variant: t.coordinates.variant,
              role: "load_generator",
              namespace: "ns",
              pod: "lg-fortio-0",
              container: "fortio",
              cpuMillicores: lgCpu,
              memoryBytes: 1e7,
              sampledAt: new Date(1_700_000_000_000 + t.sequence * 1000),
            },
          ],
          loadGeneratorCeiling: { millicores: 100, source: "limit" },
        }),
      ).toBeNull();
      ran.push(t);
    }
    return { ran, left: await capacityVariantsToRun(ctx) };
  }

  it("a saved benchmark keeps its capacity search; its trial count is the budget", async () => {
    const { benchmarks } = createServices(db);
    const created = await benchmarks.create(ws, def);
    const stored = await benchmarks.get(ws, created.definition.key);
    expect(stored.definition.capacity).toEqual(def.capacity);
    expect(stored.definition.methodology).toEqual(def.methodology);
    expect(stored.trialCount).toBe(40);
  });

  it("interleaves the variants, stays in budget and brackets each known capacity", async () => {
    const runId = await newRun();
    const { ran, left } = await drive(runId);
    expect(left.size).toBe(0);
    // Interleaved: the first round is rep 1 of each variant, then rep 2 of each.
    expect(
      ran.slice(0, 4).map((t) => `${t.coordinates.variant}/${t.coordinates.repetition}`),
    ).toEqual(["baseline/1", "slow/1", "baseline/2", "slow/2"]);
    expect(ran.length).toBeLessThanOrEqual(40);
    const rows = await db.trial.findMany({ where: { runId }, orderBy: { sequence: "asc" } });
    expect(rows).toHaveLength(ran.length);
    expect(new Set(rows.map((r) => r.sequence)).size).toBe(rows.length);
    const { execution } = createServices(db);
    const { observations } = await execution.capacityProgress(ws, runId);
    expect(observations).toHaveLength(ran.length);
    for (const r of capacityResults(config, observations)) {
      const truth = CAPACITY[r.variant as keyof typeof CAPACITY];
      expect(r.status, r.variant).toBe("converged");
      expect(r.bracket.lastPass!).toBeLessThanOrEqual(truth);
      expect(r.bracket.firstFail!).toBeGreaterThan(truth);
      expect(
        (r.bracket.firstFail! - r.bracket.lastPass!) / r.bracket.lastPass!,
      ).toBeLessThanOrEqual(0.05);
    }
  });

  it("reports each capacity with its interval, the share of the baseline and every probe", async () => {
    const runId = await newRun();
    await drive(runId);
    const report = await createServices(db).reports.runReport(ws, runId);
    const cap = report.capacity!;
    expect(cap).toMatchObject({ baseline: "baseline", repetitionsPerProbe: 2, trialBudget: 40 });
    const [base, slow] = cap.variants;
    expect(base!.capacityQps! / CAPACITY.baseline).toBeGreaterThan(0.95);
    expect(base!.interval![0]).toBeLessThanOrEqual(base!.capacityQps!);
    expect(base!.interval![1]!).toBeGreaterThan(CAPACITY.baseline);
    expect(base!.share).toBeNull();
    expect(slow!.share!.sentence).toMatch(/^slow keeps (6[7-9]|70)% of baseline capacity/);
    // The audit: every probe with both repetitions, failures saying which criterion they missed.
    const failed = slow!.probes.filter((p) => p.passed === false);
    expect(failed.length).toBeGreaterThan(0);
    for (const p of slow!.probes) expect(p.repetitions).toHaveLength(2);
    expect(failed[0]!.repetitions[0]!.misses.join()).toMatch(/^p99 [7-8]\d\.\d ms > 10 ms$/);
    expect(base!.sentence).toMatch(/QPS \(\d[\d,]*–\d[\d,]*\), converged$/);
  });

  it("a worker restarted part-way carries on from the stored trials to the same trials", async () => {
    const whole = await newRun();
    const straight = (await drive(whole)).ran.map((t) => t.coordinates);
    const runId = await newRun();
    const first = await drive(runId, 5);
    expect(first.left.size).toBeGreaterThan(0);
    await drive(runId);
    const rows = await db.trial.findMany({ where: { runId }, orderBy: { sequence: "asc" } });
    const key = (c: TTrialCoordinates) => `${c.variant}/${c.requestedQps}/${c.repetition}`;
    expect(rows.map((r) => key(r as unknown as TTrialCoordinates))).toEqual(straight.map(key));
  });

  it("stops where the load generator could not go on: '≥ X (load generator bound)'", async () => {
    const runId = await newRun();
    const { left } = await drive(runId, Infinity, 600);
    expect(left.size).toBe(0);
    const report = await createServices(db).reports.runReport(ws, runId);
    const [base, slow] = report.capacity!.variants;
    // The target holds 1,000 QPS, but the generator stops at 600: no capacity is claimed.
    expect(base).toMatchObject({ status: "load_generator_bound", capacityQps: 400 });
    expect(base!.interval).toEqual([400, null]);
    expect(base!.sentence).toMatch(/^≥ 400 QPS \(load generator bound\)/);
    const bound = base!.probes.find((p) => p.requestedQps === 800)!;
    expect(bound.passed).toBe(false);
    expect(bound.repetitions[0]!.misses.join()).toContain("load generator saturated");
    expect(slow!.status).toBe("load_generator_bound");
  });

  it("stops at the cluster's QPS cap and says so", async () => {
    // The workspace may put at most 600 QPS on this cluster; both targets hold more.
    const capped = capacitySearchConfigOf(def, def.capacity!, capacityCeilingFor({ maxQps: 600 }));
    const runId = await newRun(capped);
    const { ran, left } = await drive(runId, Infinity, Infinity, capped);
    expect(left.size).toBe(0);
    expect(Math.max(...ran.map((t) => t.coordinates.requestedQps!))).toBe(600);
    const report = await createServices(db).reports.runReport(ws, runId);
    for (const v of report.capacity!.variants) {
      expect(v).toMatchObject({ status: "at_cluster_cap", capacityQps: 600 });
      expect(v.sentence).toContain("stopped at the cluster's cap");
    }
  });
});
