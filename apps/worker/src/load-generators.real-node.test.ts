/**
 * Several load generators per trial on real nodes: the echo server (no CPU limit) driven by
 * Fortio pods held to 50m CPU each (at 100m one Fortio already sent ~3,700 QPS here, and the
 * echo on this shared 2-core machine topped out near 4,000, so 1.5× that measured the echo). One generator cannot reach the rate; two, each carrying
 * half the load (core's splitLoad), do. First a calibration run with one generator at a rate far
 * beyond it (what one 100m Fortio achieves here); then the rate R = 1.5 × that, run once with one
 * generator and once with two. One generator at R: flagged `load_generator_saturated` (invalid,
 * so never a capacity or a delta). Two at R: the merged trial reaches R, unflagged, each
 * generator's numbers, CPU and the windows' overlap kept on the trial. Figures are printed.
 */
import { CoreV1Api } from "@kubernetes/client-node";
import type { TBenchmarkDefinitionInput, TTrialRecord } from "@meshbench/contracts";
import { realNodeKubeConfig } from "@meshbench/testing/real-cluster-context";
import { describe, expect, it } from "vitest";
import { useRealNodeWorkspace } from "./test-support/real-node-workspace";
import { until } from "./test-support/until";

const skipped = process.env.MESHBENCH_SKIP_REAL_NODE === "1";
const GENERATOR_CPU = process.env.MESHBENCH_LG_CPU ?? "50m";
const GENERATOR_MILLICORES = Number.parseInt(GENERATOR_CPU, 10);
/** Far beyond one 50m Fortio here: the calibration run's request. */
const CALIBRATION_QPS = Number(process.env.MESHBENCH_LG_CALIBRATION_QPS ?? 4000);
const SECONDS = 10;
const CONNECTIONS = 16;

const bench = (
  key: string,
  qps: number,
  loadGenerators: number | "auto",
): TBenchmarkDefinitionInput => ({
  key,
  name: key,
  target: { kind: "fortio-echo", replicas: 1 },
  variants: [{ name: "baseline", mesh: "baseline" }],
  loadMatrix: { qps: [qps], connections: [CONNECTIONS] },
  repetitions: 1,
  durationSeconds: SECONDS,
  warmupSeconds: 2,
  methodology: {
    loadGenerators,
    loadGeneratorResources: {
      requests: { cpu: GENERATOR_CPU, memory: "64Mi" },
      limits: { cpu: GENERATOR_CPU, memory: "128Mi" },
    },
  },
});

const flagCodes = (t: TTrialRecord) => t.validityFlags.map((f) => f.code);

describe.skipIf(skipped)("several load generators per trial on real nodes", () => {
  const rn = useRealNodeWorkspace("lgs");
  const core = () => realNodeKubeConfig().makeApiClient(CoreV1Api);

  /** One run of `bench(...)` through the queue and the worker; its one trial, and its pods seen. */
  const runOnce = async (key: string, qps: number, generators: number, auto = false) => {
    const b = await rn.caller().benchmarks.create(bench(key, qps, auto ? "auto" : generators));
    const { runId } = await rn.caller().runs.start({ benchmarkId: b.id, clusterId: rn.clusterId });
    const selector = `meshbench.io/run=${runId}`;
    const pods = await until(`${generators} load generators of ${key} running`, async () => {
      const all = (await core().listPodForAllNamespaces({ labelSelector: selector })).items;
      const running = all.filter((p) => p.status?.phase === "Running" && p.spec?.nodeName);
      const lg = running.filter((p) => p.metadata!.name!.startsWith("lg-fortio-"));
      return lg.length === generators && running.length > lg.length ? running : null;
    }).catch(async (error: unknown) => {
      // Why not: the run's state and the worker's lines about it (CI saw this wait time out once).
      const r = await rn.caller().runs.get({ runId });
      const all = (await core().listPodForAllNamespaces({ labelSelector: selector })).items;
      console.log(
        `${key}: run ${r.status} ${r.error ?? ""}; pods ${all.map((p) => `${p.metadata?.name} ${p.status?.phase} ${p.spec?.nodeName ?? "unscheduled"}`).join(", ")}; worker: ${rn.logs.filter((l) => l.includes(runId)).join(" | ")}`,
      );
      throw error;
    });
    const lgPods = pods.filter((p) => p.metadata!.name!.startsWith("lg-fortio-"));
    const echoNode = pods.find((p) => p.metadata!.name!.startsWith("echo-"))?.spec?.nodeName;
    // Placement's anti-affinity: every generator on a node the echo server is not on.
    expect(echoNode).toBeTruthy();
    for (const p of lgPods) expect(p.spec!.nodeName).not.toBe(echoNode);
    const run = await until(
      `run ${key} finished`,
      async () => {
        const r = await rn.caller().runs.get({ runId });
        return r.status === "succeeded" || r.status === "failed" ? r : null;
      },
      300_000,
      500,
    );
    expect(run.trials.map((t) => t.failureReason)).toEqual([null]);
    const trial = run.trials[0]!;
    // Cleaned up: no pod and no namespace of the run is left (the next run starts on a quiet cluster).
    await until(`run ${key} cleaned up`, async () => {
      const left = await core().listPodForAllNamespaces({
        labelSelector: `meshbench.io/run=${runId}`,
      });
      const namespaces = await core().listNamespace({ labelSelector: `meshbench.io/run=${runId}` });
      return left.items.length === 0 && namespaces.items.length === 0;
    });
    return { trial, lgPods, run };
  };

  it(
    "two CPU-limited generators reach a rate one cannot; the one generator is flagged, not the echo's capacity",
    { timeout: 900_000 },
    async () => {
      const worker = await rn.startWorker({ sampleEveryMs: 2000 });
      try {
        const cal = await runOnce("lg-calibrate", CALIBRATION_QPS, 1);
        const one = cal.trial.actualQps!;
        const rate = Math.round((1.5 * one) / 10) * 10;
        console.log(
          `one generator at ${GENERATOR_CPU}: ${one.toFixed(0)} of ${CALIBRATION_QPS} QPS, flags ${flagCodes(cal.trial).join(",") || "none"}; rate for the comparison ${rate}`,
        );
        expect(flagCodes(cal.trial)).toContain("load_generator_saturated");

        const single = await runOnce("lg-one", rate, 1);
        const double = await runOnce("lg-two", rate, 2);
        // "auto": one generator falls short of the rate, two reach it: the run chooses two.
        const auto = await runOnce("lg-auto", rate, 2, true);
        const chosen = (auto.run.environment?.["loadGenerator"] as Record<string, string>)[
          "generators baseline"
        ];
        console.log(
          `auto: ${chosen}; its trial ${auto.trial.actualQps!.toFixed(0)} of ${rate} QPS`,
        );
        expect(chosen).toMatch(/^2 \(auto: reached; probes 1 → \d+ QPS, 2 → \d+ QPS\)$/);
        expect(auto.trial.generators?.each).toHaveLength(2);
        expect(auto.trial.actualQps!).toBeGreaterThanOrEqual(0.95 * rate);
        const describe = (label: string, t: TTrialRecord) =>
          `${label}: requested ${t.requestedQps} achieved ${t.actualQps!.toFixed(0)} QPS, ` +
          `flags ${flagCodes(t).join(",") || "none"}; generators ${
            t.generators
              ? t.generators.each
                  .map(
                    (g) =>
                      `#${g.index} ${g.requestedQps?.toFixed(0)}→${g.actualQps.toFixed(0)} QPS, CPU ${g.cpuMillicores?.toFixed(0) ?? "?"}m of ${GENERATOR_MILLICORES}m`,
                  )
                  .join("; ") + `; overlap ${t.generators.window?.overlapSeconds.toFixed(2)} s`
              : "one"
          }`;
        console.log(describe("1 generator ", single.trial));
        console.log(describe("2 generators", double.trial));
        const flag = single.trial.validityFlags.find((f) => f.code === "load_generator_saturated");
        console.log(`1 generator's flag: ${flag?.message ?? "none"}`);

        // One generator at R falls short and is flagged invalid: it measured the generator.
        expect(single.trial.actualQps!).toBeLessThan(0.95 * rate);
        expect(flag?.severity).toBe("invalid");
        // Two generators at R: the merged trial reaches it, unflagged.
        expect(double.trial.actualQps!).toBeGreaterThanOrEqual(0.95 * rate);
        expect(flagCodes(double.trial)).not.toContain("load_generator_saturated");
        expect(double.trial.errorCount).toBe(0);
        // Each generator's numbers are on the trial: half the load each, both loading together.
        const each = double.trial.generators!.each;
        expect(each.map((g) => g.connections)).toEqual([CONNECTIONS / 2, CONNECTIONS / 2]);
        expect(each.reduce((a, g) => a + (g.requestedQps ?? 0), 0)).toBeCloseTo(rate, 6);
        expect(each.reduce((a, g) => a + g.requestCount, 0)).toBe(double.trial.requestCount);
        expect(new Set(each.map((g) => g.pod)).size).toBe(2);
        expect(each.map((g) => g.pod).sort()).toEqual(
          double.lgPods.map((p) => p.metadata!.name!).sort(),
        );
        for (const g of each) expect(g.cpuMillicores ?? 0).toBeGreaterThan(0);
        expect(double.trial.generators!.window!.overlapSeconds).toBeGreaterThan(0.9 * SECONDS);
        // One generator: the trial is its result, with no per-generator part.
        expect(single.trial.generators).toBeUndefined();
      } finally {
        await worker.stop();
      }
    },
  );
});
