/**
 * Throughput over time for trials the worker drives (methodology.rateSeries) on real nodes: the
 * same benchmark (two generators, two repetitions) run once with the measured runs over Fortio's
 * REST API (no series) and once as measurement pods (`fortio load -access-log-file` beside a
 * `fortio server` that serves the files). With the switch every trial's stored series has one
 * entry per second of its measured window, its requests sum to the trial's histogram count
 * exactly and its errors to the error count, and the rate-series route's service answers it.
 * Printed: the pod start overhead per trial (run wall time with and without, and each pod's
 * creation → `fortio load` running as the test saw it) and one series.
 */
import { CoreV1Api } from "@kubernetes/client-node";
import type { TBenchmarkDefinitionInput } from "@meshbench/contracts";
import { realNodeKubeConfig } from "@meshbench/testing/real-cluster-context";
import { describe, expect, it } from "vitest";
import { useRealNodeWorkspace } from "./test-support/real-node-workspace";
import { until } from "./test-support/until";

const skipped = process.env.MESHBENCH_SKIP_REAL_NODE === "1";
const SECONDS = 8;
const QPS = 200;
const REPETITIONS = 2;
const TRIAL_LABEL = "meshbench.io/trial";
/** lg-fortio-t<sequence>-<key hash>-<generator>: a trial's measurement pod. */
const MEASUREMENT_POD = /^lg-fortio-t\d+-[0-9a-f]{8}-\d+$/;

const bench = (key: string, rateSeries: boolean): TBenchmarkDefinitionInput => ({
  key,
  name: key,
  target: { kind: "fortio-echo", replicas: 1 },
  variants: [{ name: "baseline", mesh: "baseline" }],
  loadMatrix: { qps: [QPS], connections: [4] },
  repetitions: REPETITIONS,
  durationSeconds: SECONDS,
  warmupSeconds: 2,
  requestHeaders: [{ name: "X-Bench", value: "rate-series" }],
  methodology: {
    loadGenerators: 2,
    rateSeries,
    loadGeneratorResources: { requests: { cpu: "100m", memory: "64Mi" } },
  },
});

describe.skipIf(skipped)("throughput over time of worker-driven trials on real nodes", () => {
  const rn = useRealNodeWorkspace("rate");
  const core = () => realNodeKubeConfig().makeApiClient(CoreV1Api);

  /** Measurement pods seen while a run goes: when each appeared and its load first ran (test clock). */
  const watchMeasurementPods = (runId: string) => {
    const seen = new Map<string, { created: number; running: number | null; trial: string }>();
    let on = true;
    const done = (async () => {
      while (on) {
        const pods = await core().listPodForAllNamespaces({
          labelSelector: `meshbench.io/run=${runId},${TRIAL_LABEL}`,
        });
        const now = Date.now();
        for (const p of pods.items) {
          const name = p.metadata!.name!;
          const entry = seen.get(name) ?? {
            created: now,
            running: null,
            trial: p.metadata!.labels![TRIAL_LABEL]!,
          };
          const load = p.status?.containerStatuses?.find((c) => c.name === "fortio-load");
          if (entry.running === null && (load?.state?.running || load?.state?.terminated))
            entry.running = now;
          seen.set(name, entry);
        }
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    return {
      seen,
      stop: async () => {
        on = false;
        await done;
      },
    };
  };

  const runOnce = async (key: string, rateSeries: boolean) => {
    const b = await rn.caller().benchmarks.create(bench(key, rateSeries));
    const { runId } = await rn.caller().runs.start({ benchmarkId: b.id, clusterId: rn.clusterId });
    const watch = watchMeasurementPods(runId);
    const run = await until(
      `run ${key} finished`,
      async () => {
        const r = await rn.caller().runs.get({ runId });
        return r.status === "succeeded" || r.status === "failed" ? r : null;
      },
      600_000,
      500,
    );
    await watch.stop();
    // A failed run says why (its error and the worker's lines about it) before the assertion.
    if (run.status !== "succeeded")
      console.log(
        `${key} ${run.status}: ${run.error ?? ""} ${rn.logs.filter((l) => l.includes(runId)).join(" | ")}`,
      );
    expect(run.trials.map((t) => t.failureReason)).toEqual(Array(REPETITIONS).fill(null));
    await until(`run ${key} cleaned up`, async () => {
      const left = await core().listPodForAllNamespaces({
        labelSelector: `meshbench.io/run=${runId}`,
      });
      return left.items.length === 0;
    });
    const wallSeconds = (run.finishedAt!.getTime() - run.createdAt.getTime()) / 1000;
    return { run, runId, wallSeconds, pods: watch.seen };
  };

  it(
    "stores each trial's per-second requests and errors, summing to its histogram exactly",
    { timeout: 1_200_000 },
    async () => {
      const worker = await rn.startWorker({ sampleEveryMs: 2000 });
      try {
        const rest = await runOnce("rs-rest", false);
        const pods = await runOnce("rs-pods", true);

        // Without the switch: REST runs on the Deployment's pods, no measurement pod, no series.
        expect(rest.pods.size).toBe(0);
        for (const t of rest.run.trials) {
          const view = await rn.caller().runs.trialRateSeries({ runId: rest.runId, trialId: t.id });
          expect(view.series).toBeNull();
          for (const g of t.generators!.each) expect(g.pod).not.toMatch(MEASUREMENT_POD);
        }

        // With it: two measurement pods per trial, each trial's series exact.
        expect(pods.pods.size).toBe(2 * REPETITIONS);
        expect(new Set([...pods.pods.values()].map((p) => p.trial)).size).toBe(REPETITIONS);
        let example = "";
        for (const t of pods.run.trials) {
          const view = await rn.caller().runs.trialRateSeries({ runId: pods.runId, trialId: t.id });
          const s = view.series!;
          expect(s.intervalSeconds).toBe(1);
          expect(s.requests.reduce((a, b) => a + b, 0)).toBe(t.requestCount);
          expect(s.errors.reduce((a, b) => a + b, 0)).toBe(t.errorCount);
          expect(t.requestCount).toBeGreaterThan(0.9 * QPS * SECONDS);
          // One entry per second of the measured window: the generators' windows' union.
          const union = t.generators!.window!.unionSeconds;
          expect(union).toBeGreaterThanOrEqual(SECONDS);
          expect(s.requests.length).toBeGreaterThanOrEqual(Math.floor(union));
          expect(s.requests.length).toBeLessThanOrEqual(Math.ceil(union) + 1);
          expect(t.rateSeries ?? s).toEqual(s);
          // The trial's generators are its two measurement pods (their CPU read off them).
          const each = t.generators!.each;
          for (const g of each) expect(g.pod).toMatch(MEASUREMENT_POD);
          expect(new Set(each.map((g) => pods.pods.get(g.pod!)?.trial)).size).toBe(1);
          expect(each.every((g) => pods.pods.has(g.pod!))).toBe(true);
          if (!example)
            example =
              `requests/s ${s.requests.join(",")} errors ${s.errors.join(",")}; ` +
              `mean ${view.meanQps?.toFixed(1)} QPS, dips ${view.dips.map((d) => `${d.kind}@${d.fromSeconds}s`).join(" ") || "none"}; ` +
              `windows: union ${union.toFixed(2)} s, overlap ${t.generators!.window!.overlapSeconds.toFixed(2)} s`;
        }
        const starts = [...pods.pods.values()]
          .filter((p) => p.running !== null)
          .map((p) => (p.running! - p.created) / 1000);
        const perTrial = (pods.wallSeconds - rest.wallSeconds) / REPETITIONS;
        console.log(
          `rate series: run wall time ${rest.wallSeconds.toFixed(1)} s over REST, ${pods.wallSeconds.toFixed(1)} s with measurement pods ` +
            `(${REPETITIONS} trials × 2 generators): +${perTrial.toFixed(1)} s per trial; ` +
            `pod seen → fortio load running: ${starts.map((x) => x.toFixed(1)).join(", ")} s`,
        );
        console.log(`rate series example (${QPS} QPS, ${SECONDS} s, 2 generators): ${example}`);
        expect(starts).toHaveLength(2 * REPETITIONS);
        // The generators' CPU is read off the measurement pods (their point samples).
        const cpuOf = (r: typeof rest) =>
          r.run.trials.flatMap((t) => t.generators!.each.map((g) => g.cpuMillicores ?? null));
        console.log(
          `generator CPU (m) over REST: ${cpuOf(rest)
            .map((c) => c?.toFixed(1))
            .join(", ")}; in measurement pods: ${cpuOf(pods)
            .map((c) => c?.toFixed(1))
            .join(", ")}`,
        );
        // The same load from a pod of its own costs about the same CPU (not its idle server's).
        const mean = (xs: (number | null)[]) =>
          xs.reduce<number>((a, x) => a + (x ?? 0), 0) / xs.length;
        for (const c of cpuOf(pods)) expect(c ?? 0).toBeGreaterThan(0.5 * mean(cpuOf(rest)));
      } finally {
        await worker.stop();
      }
    },
  );
});
