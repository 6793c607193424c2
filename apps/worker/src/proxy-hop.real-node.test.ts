/**
 * A variant that puts a user-deployed proxy in the measured path, on real nodes: the echo target
 * gets an extra container `fortio proxies -M "8090 http://localhost:8080"` (a real HTTP proxy),
 * the variant's manifests add a Service for that port, and its `entry` sends the load there. The
 * report (the same service the run page reads) must show it slower than baseline at p50 with an
 * interval excluding zero, and the proxy container's samples must be booked as proxy cost.
 * Then the cluster's noise floor: an A/A run (two identical baselines at the same level) recorded
 * as its calibration gives a band of positive, finite width, and the proxy hop's p50 delta lies
 * outside it; the A/A run's own deltas are reported.
 */
import type { TBenchmarkDefinitionInput } from "@meshbench/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { useRealNodeWorkspace } from "./test-support/real-node-workspace";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const skipped = process.env.MESHBENCH_SKIP_REAL_NODE === "1";
const HOP_PORT = 8090; // Fortio's echo server already listens on 8078-8081 in the same pod

/** The Service in front of the proxy container (variant manifests: applied into its namespace). */
const hopService = `apiVersion: v1
kind: Service
metadata:
  name: hop
spec:
  selector: { app: echo, meshbench.io/component: target }
  ports:
  - { name: http, port: ${HOP_PORT}, targetPort: ${HOP_PORT}, appProtocol: http }
`;

const proxyHopBenchmark: TBenchmarkDefinitionInput = {
  key: "proxy-hop",
  name: "proxy hop vs baseline",
  target: { kind: "fortio-echo", replicas: 1 },
  variants: [
    { name: "baseline", mesh: "baseline" },
    {
      name: "proxy-hop",
      mesh: "baseline",
      extraContainers: [
        {
          name: "hop",
          args: ["proxies", "-M", `${HOP_PORT} http://localhost:8080`],
          ports: [HOP_PORT],
          role: "proxy",
        },
      ],
      manifests: hopService,
      entry: { service: "hop", port: HOP_PORT, path: "/echo" },
    },
  ],
  loadMatrix: { qps: [200], connections: [4] },
  repetitions: 3,
  durationSeconds: 5,
  warmupSeconds: 1,
};

/** Two identical baselines at the proxy-hop run's level: the cluster's own run-to-run noise. */
const aaBenchmark: TBenchmarkDefinitionInput = {
  key: "proxy-hop-aa",
  name: "A/A at the proxy-hop level",
  target: { kind: "fortio-echo", replicas: 1 },
  variants: [
    { name: "a", mesh: "baseline" },
    { name: "a-prime", mesh: "baseline" },
  ],
  loadMatrix: proxyHopBenchmark.loadMatrix,
  repetitions: 3,
  durationSeconds: 3,
  warmupSeconds: 1,
};

const ms = (s: number | null) => ((s ?? NaN) * 1000).toFixed(3);
const pct = (x: number | null) => `${((x ?? NaN) * 100).toFixed(1)}%`;

describe.skipIf(skipped)("a proxy-hop variant on real nodes", () => {
  const rn = useRealNodeWorkspace("hop");
  /** The proxy-hop run, read again against the A/A band by the second test. */
  let hopRunId: string | null = null;
  const caller = () => rn.caller();
  /** Creates the benchmark, runs it on the cluster through the worker and waits for its end. */
  async function runToEnd(definition: TBenchmarkDefinitionInput) {
    const b = await caller().benchmarks.create(definition);
    const { runId } = await caller().runs.start({ benchmarkId: b.id, clusterId: rn.clusterId });
    let run = await caller().runs.get({ runId });
    for (let i = 0; i < 960 && !["succeeded", "failed"].includes(run.status); i++) {
      await sleep(250);
      run = await caller().runs.get({ runId });
    }
    expect(run.trials.filter((t) => t.status !== "succeeded").map((t) => t.failureReason)).toEqual(
      [],
    );
    return { runId, run };
  }

  beforeAll(async () => {
    await rn.startWorker({ sampleEveryMs: 1000 });
  });

  it(
    "is slower than baseline at p50 (interval excluding zero) and its proxy is booked as proxy",
    { timeout: 300_000 },
    async () => {
      {
        const { runId, run } = await runToEnd(proxyHopBenchmark);
        expect(run).toMatchObject({ status: "succeeded", trialsDone: 6 });
        hopRunId = runId;
        const env = run.environment as {
          variants: Record<string, string>;
          loadGenerator: Record<string, string>;
        };
        expect(env.variants["proxy-hop"]).toContain("entry hop:8090/echo");
        expect(Object.values(env.loadGenerator).join(" ")).toContain(`"url":"http://hop.`);

        const report = await caller().services.reports.runReport(rn.workspaceId, runId, "baseline");
        const row = report.levels[0]!.rows.find((r) => r.variant === "proxy-hop")!;
        const p50 = row.stats.find((s) => s.stat === "p50")!.delta!;
        expect(p50.slowerSide).toBe("variant");
        expect(p50.interval).not.toBeNull();
        expect(p50.interval!.absolute[0]).toBeGreaterThan(0);
        console.log(
          `[real-node] proxy hop at 200 QPS × 4 connections, 3 × 5 s: p50 baseline ${ms(p50.baseline)} ms, proxy-hop ${ms(p50.variant)} ms, delta +${ms(p50.absolute)} ms (95% interval ${ms(p50.interval!.absolute[0])}…${ms(p50.interval!.absolute[1])} ms, ${((p50.relative ?? 0) * 100).toFixed(0)}%)`,
        );

        const samples = await rn.db.resourceSample.findMany({
          where: { runId, variant: "proxy-hop" },
        });
        const hop = samples.filter((s) => s.container === "hop");
        expect(hop.length).toBeGreaterThan(0);
        expect(new Set(hop.map((s) => s.role))).toEqual(new Set(["proxy"]));
        expect(Math.max(...hop.map((s) => s.cpuMillicores))).toBeGreaterThan(0);
        expect(samples.filter((s) => s.container === "echo").every((s) => s.role === "app")).toBe(
          true,
        );
        console.log(
          `[real-node] proxy-hop's hop container: ${hop.length} samples booked as proxy, max ${Math.max(...hop.map((s) => s.cpuMillicores)).toFixed(0)} m CPU`,
        );
      }
    },
  );

  it(
    "an A/A calibration gives a band of positive, finite width, and the proxy hop lies outside it",
    { timeout: 300_000 },
    async () => {
      expect(hopRunId, "the proxy-hop run of the first test").not.toBeNull();
      const aa = await runToEnd(aaBenchmark);
      expect(aa.run).toMatchObject({ status: "succeeded", trialsDone: 6 });
      const services = caller().services;
      const noise = await services.noise.recordCalibration(rn.workspaceId, rn.clusterId, aa.runId);
      expect(noise).toMatchObject({ status: "ready", runId: aa.runId, error: null });
      const level = noise.levels.find((l) => l.requestedQps === 200 && l.connections === 4);
      expect(level, JSON.stringify(noise.levels)).toBeTruthy();
      const band = level!.bands.p50!;
      expect(band).toHaveLength(2);
      expect(band.every(Number.isFinite)).toBe(true);
      expect(band[1] - band[0]).toBeGreaterThan(0);

      // The A/A run's own deltas (a′ vs a): reported, never judged against its own band.
      const aaReport = await services.reports.runReport(rn.workspaceId, aa.runId, "a");
      const aaRow = aaReport.levels[0]!.rows.find((r) => r.variant === "a-prime")!;
      const aaDeltas = aaRow.stats
        .filter((c) => c.delta)
        .map((c) => ({ stat: c.stat, ...c.delta! }));
      expect(aaDeltas.map((d) => d.stat)).toContain("p50");
      for (const d of aaDeltas) expect(Number.isFinite(d.relative)).toBe(true);
      console.log(
        `[real-node] A/A deltas (a-prime vs a, 200 QPS × 4 connections, 3 × 3 s): ${aaDeltas
          .map(
            (d) =>
              `${d.stat} ${ms(d.baseline)}→${ms(d.variant)} ms (${pct(d.relative)}, interval ${d.interval ? `${pct(d.interval.relative?.[0] ?? null)}…${pct(d.interval.relative?.[1] ?? null)}` : "none"})`,
          )
          .join("; ")}`,
      );

      // The proxy-hop run read against that band: its p50 delta is a real effect, not noise.
      const report = await services.reports.runReport(rn.workspaceId, hopRunId!, "baseline");
      const cell = report.levels[0]!.rows.find((r) => r.variant === "proxy-hop")!.stats.find(
        (s) => s.stat === "p50",
      )!;
      expect(cell.noise).toMatchObject({
        source: "calibrated",
        calibrationRunId: aa.runId,
        band,
        call: "real",
      });
      const rel = cell.delta!.relative!;
      expect(rel < band[0] || rel > band[1]).toBe(true);
      expect(cell.wording ?? "").not.toContain("within noise");
      console.log(
        `[real-node] A/A band at 200 QPS × 4 connections (p50): ${pct(band[0])}…${pct(band[1])} (width ${pct(band[1] - band[0])}); proxy-hop p50 delta ${pct(rel)} (${ms(cell.delta!.absolute)} ms, interval ${pct(cell.delta!.interval?.relative?.[0] ?? null)}…${pct(cell.delta!.interval?.relative?.[1] ?? null)}) → ${cell.noise!.call}: ${cell.noise!.label}`,
      );
    },
  );
});
