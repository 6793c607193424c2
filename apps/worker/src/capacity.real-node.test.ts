/**
 * Capacity at an SLO against a target whose capacity is known: the echo server with a CPU limit,
 * on the shared real-node cluster. The test first measures that capacity itself (its own Fortio
 * runs on a load-generator pod, its own reading and sweep), then a capacity run through the
 * queue and the worker must land within ±15% of it, with an interval. Both figures are printed.
 * "It" is measured twice, right before and right after the product's run; the CPU-limited server
 * wanders by up to ~15% within minutes on this shared machine, so the product is held to the
 * nearer of the two.
 * The reference is measured before and after the product's run; when the two disagree by more
 * than 15% (of their mean) the machine was too unsteady to judge by, and when the product misses
 * the span of the two by more than 15%, the product's run and the reference after it are repeated
 * (each "after" serving as the next "before"), up to three attempts. A hit in any attempt passes:
 * the product within ±15% of the span between the references around it (steady or not). A miss
 * against steady references, not followed by a hit, fails; only if every attempt is unsteady and
 * outside its span is the ±15% check skipped, loudly (the product must still return a capacity
 * with an interval, within its probe budget).
 */
import { CoreV1Api } from "@kubernetes/client-node";
import {
  ZBenchmarkDefinition,
  type TBenchmarkDefinitionInput,
  type TRunEnvironment,
} from "@meshbench/contracts";
import { KubeClusterGateway } from "@meshbench/k8s";
import { realNodeConnection } from "./test-support/cluster-rules";
import { realNodeKubeConfig } from "@meshbench/testing/real-cluster-context";
import { describe, expect, it } from "vitest";
import { fortioSweeper, meetsSlo, type SweepPoint } from "./test-support/fortio-sweep";
import { useRealNodeWorkspace } from "./test-support/real-node-workspace";
import { until } from "./test-support/until";

const skipped = process.env.MESHBENCH_SKIP_REAL_NODE === "1";

// The echo server's CPU limit sets its capacity (≈ 1,400–1,900 QPS at 100m here, so about half
// at 50m); the SLO and the search's start are fixed here, not taken from the reference: the
// start is a user's guess within 2× below the capacity.
const CPU_LIMIT = process.env.MESHBENCH_CAPACITY_CPU ?? "50m";
const START_QPS = Number(process.env.MESHBENCH_CAPACITY_START ?? 500);
// Under a CPU limit the kernel throttles the server in 100 ms periods, and on this shared 2-core
// machine the scheduler adds its own stalls: p99 over a 3 s trial (its 30 slowest requests) was
// seen anywhere from 5 to 130 ms well below saturation. So the SLO's p99 only catches collapse,
// and the capacity is where the limited CPU stops keeping up (achieved < 95% of requested).
const SLO = { p99Ms: 500, maxErrorPercent: 0.1, minAchievedPercent: 95 };
const CONNECTIONS = 8;
/** Before vs after reference beyond this (relative to their mean): the machine was unsteady. */
const MAX_REFERENCE_DRIFT = 0.15;
const ATTEMPTS = 3;
// 5 s, not 3: the achieved rate of a throttled server varies from trial to trial, and at 3 s
// the product's and the reference's figures (each two repetitions per rate) scattered by ~10%
// against each other, so one fresh CI run in about seven landed just outside ±15%.
const TRIAL_SECONDS = 5;
const WARMUP_SECONDS = 1;

const definition = (key: string): TBenchmarkDefinitionInput => ({
  key,
  name: key,
  target: {
    kind: "fortio-echo",
    replicas: 1,
    resources: { requests: { cpu: CPU_LIMIT }, limits: { cpu: CPU_LIMIT } },
  },
  variants: [{ name: "baseline", mesh: "baseline" }],
  loadMatrix: { qps: [START_QPS], connections: [CONNECTIONS] },
  repetitions: 1,
  durationSeconds: TRIAL_SECONDS,
  warmupSeconds: WARMUP_SECONDS,
  capacity: {
    ...SLO,
    startQps: START_QPS,
    precisionPercent: 5,
    repetitionsPerProbe: 2,
    // ≤ 6 probes of 2 repetitions
    maxTrials: 12,
  },
});

/**
 * The reference: rates ×1.5 up from `fromQps` until one misses the SLO, then five rates evenly
 * inside that bracket; two runs per rate, a rate passing when both meet the SLO (the product's
 * rule for two repetitions). The capacity is the highest passing rate below the first failing one.
 * Later references start from half the previous reference (never the product's figure), which
 * only saves the slow climb from 150 QPS; a start that already fails falls back to 150.
 */
async function referenceCapacity(measure: (qps: number) => Promise<SweepPoint>, fromQps = 150) {
  const log: string[] = [];
  const note = (p: SweepPoint) => {
    log.push(
      `${p.qps}→${p.actualQps.toFixed(0)} p99 ${p.p99Ms.toFixed(1)} ms err ${p.errorPercent.toFixed(2)}%${meetsSlo(p, SLO) ? "" : " ✗"}`,
    );
    return meetsSlo(p, SLO);
  };
  let lastPass = 0;
  let firstFail = 0;
  const both = async (q: number) => note(await measure(q)) && note(await measure(q));
  for (let q = Math.max(150, Math.round(fromQps)); q < 20_000; q = Math.round(q * 1.5)) {
    if (!(await both(q))) {
      firstFail = q;
      break;
    }
    lastPass = q;
  }
  if (lastPass === 0 && fromQps > 150) return referenceCapacity(measure, 150);
  expect(firstFail, "the echo server never missed the SLO").toBeGreaterThan(0);
  let capacity = lastPass;
  for (let k = 1; k <= 5; k++) {
    const q = Math.round(lastPass + ((firstFail - lastPass) * k) / 6);
    if (!(await both(q))) break;
    capacity = q;
  }
  return { capacity, lastPass, firstFail, log };
}

describe.skipIf(skipped)("capacity at an SLO on real nodes", () => {
  const rn = useRealNodeWorkspace("cap");

  it(
    "finds the CPU-limited echo server's capacity within ±15% of a direct Fortio sweep, with an interval",
    { timeout: 1_200_000 },
    async () => {
      // 1. The reference, measured without the product's reading or search: the same target
      //    (deployed as a variant namespace would be) and a Fortio server pod on the other node.
      //    Measured just before and just after the product's run: on this shared machine the
      //    same CPU-limited server was seen to move by 20–30% within minutes, so the product is
      //    held to the mean of the two, and only when the two agree.
      const kc = realNodeKubeConfig();
      const gateway = new KubeClusterGateway(realNodeConnection(), { pollMs: 500 });
      const def = ZBenchmarkDefinition.parse(definition("capacity-reference"));
      const measureReference = async (refRun: string, fromQps?: number) => {
        try {
          const prepared = await gateway.prepareVariant({
            runId: refRun,
            definition: def,
            variant: def.variants[0]!,
            meshes: await gateway.detectMeshes({ prometheusUrl: null }),
          });
          expect(prepared.problem).toBeNull();
          const pods = await kc
            .makeApiClient(CoreV1Api)
            .listNamespacedPod({ namespace: prepared.namespace });
          const lg = pods.items.find((p) => p.metadata!.name!.startsWith("lg-fortio-"));
          expect(lg).toBeTruthy();
          const sweeper = fortioSweeper(kc, {
            namespace: prepared.namespace,
            pod: lg!.metadata!.name!,
            url: `http://echo.${prepared.namespace}.svc.cluster.local:8080/echo`,
            connections: CONNECTIONS,
          });
          const reference = await referenceCapacity(
            (q) => sweeper.measure(q, TRIAL_SECONDS, WARMUP_SECONDS),
            fromQps,
          );
          console.log(
            `[real-node] capacity reference ${refRun} (direct Fortio sweep, echo limited to ${CPU_LIMIT} CPU, SLO p99 ≤ ${SLO.p99Ms} ms): ${reference.capacity} QPS; ${reference.log.join("; ")}`,
          );
          return reference.capacity;
        } finally {
          await gateway.cleanup(refRun);
        }
      };

      // 2. The product's capacity run, through the queue and the worker (stopped while the
      //    references are measured, so it adds nothing to the machine's load then).
      const b = await rn.caller().benchmarks.create(definition("capacity"));
      expect(b.trialCount).toBe(12);
      const productRun = async () => {
        const worker = await rn.startWorker({ sampleEveryMs: 2000 });
        const started = Date.now();
        try {
          const { runId, trialsTotal } = await rn.caller().runs.start({
            benchmarkId: b.id,
            clusterId: rn.clusterId,
          });
          expect(trialsTotal).toBe(12);
          const run = await until(
            "the capacity run to finish",
            async () => {
              const r = await rn.caller().runs.get({ runId });
              return r.status === "succeeded" || r.status === "failed" ? r : null;
            },
            600_000,
          );
          const seconds = (Date.now() - started) / 1000;
          expect(run.status, run.error ?? "").toBe("succeeded");
          expect(run.trials.length).toBeLessThanOrEqual(12);
          expect(run.trialsTotal).toBe(run.trials.length);
          const report = await rn.caller().services.reports.runReport(rn.workspaceId, runId);
          const cap = report.capacity!.variants[0]!;
          // What the product must give whether or not the machine was steady enough to judge by.
          expect(cap.probes.length).toBeLessThanOrEqual(6);
          for (const p of cap.probes) expect(p.repetitions).toHaveLength(2);
          expect(cap.capacityQps).not.toBeNull();
          expect(cap.interval).not.toBeNull();
          const [low, high] = cap.interval!;
          expect(low).toBeLessThanOrEqual(cap.capacityQps!);
          expect(high).not.toBeNull();
          expect(Number.isFinite(high)).toBe(true);
          expect(high!).toBeGreaterThan(cap.capacityQps!);
          return { run, cap, seconds };
        } finally {
          await worker.stop();
        }
      };

      // 3. Before, product, after; again (up to three attempts) while the product lies outside
      //    the references' span. Each attempt's "before" is the previous one's "after", measured
      //    just before it with nothing in between. A product that is really off misses every time.
      let before: number | null = null;
      let missed: string | null = null;
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        before ??= await measureReference(`capref-before-${attempt}`);
        const { run, cap, seconds } = await productRun();
        const after = await measureReference(`capref-after-${attempt}`, before / 2);
        const reference = Math.round((before + after) / 2);
        const drift = Math.abs(before - after) / reference;
        const off = (cap.capacityQps! - reference) / reference;
        const env = run.environment as TRunEnvironment;
        console.log(
          `[real-node] capacity attempt ${attempt}: ${cap.sentence}; interval ${cap.interval![0]}…${cap.interval![1]} QPS; ${run.trials.length} trials in ${seconds.toFixed(0)} s; probes ${cap.probes
            .map(
              (p) =>
                `${p.requestedQps}:${p.repetitions.map((r) => `${r.actualQps.toFixed(0)}/${((r.p99 ?? NaN) * 1000).toFixed(1)}ms${r.passed ? "✓" : "✗"}`).join(",")}`,
            )
            .join(
              " ",
            )}; reference ${reference} QPS (before ${before}, after ${after}, drift ${(100 * drift).toFixed(1)}%), off by ${(100 * off).toFixed(1)}%; idle gate: ${env.scheduler?.["idle gate"]}`,
        );
        // The server's true capacity during the product's run lay somewhere between the two
        // references taken around it: the product must be within ±15% of that span. (With steady
        // references that is "within ±15% of the nearer one"; with unsteady ones a product inside
        // the span still counts, and one outside it says nothing: the machine moved too much.)
        const low = Math.min(before, after);
        const high = Math.max(before, after);
        const capacity = cap.capacityQps!;
        const outside =
          capacity < low ? (low - capacity) / low : capacity > high ? (capacity - high) / high : 0;
        const steady = drift <= MAX_REFERENCE_DRIFT;
        console.log(
          `[real-node] capacity attempt ${attempt}: off by ${(100 * outside).toFixed(1)}% from the references' span ${low}…${high} (limit 15%; references ${steady ? "steady" : `unsteady, drift ${(100 * drift).toFixed(1)}%`})`,
        );
        if (outside < 0.15) return;
        if (steady) {
          missed = `attempt ${attempt}: ${capacity} QPS is ${(100 * outside).toFixed(1)}% from the steady references' span (${before}, ${after})`;
        } else {
          console.log(
            `[real-node] capacity attempt ${attempt}: the references disagree by ${(100 * drift).toFixed(1)}% (> ${100 * MAX_REFERENCE_DRIFT}%): the machine was not steady enough to judge the product by${attempt < ATTEMPTS ? "; running the product and the reference after it once more" : ""}`,
          );
        }
        before = after;
      }
      expect(missed, "the product missed the known capacity by more than 15%").toBeNull();
      console.log(
        `\n[real-node] !!! KNOWN-CAPACITY CHECK NOT JUDGED: the reference moved by more than ${100 * MAX_REFERENCE_DRIFT}% in every one of ${ATTEMPTS} attempts and the product lay outside its span (shared machine under load); the ±15% assertion was skipped, only the capacity, its interval and the probe budget were checked !!!\n`,
      );
    },
  );
});
