/**
 * Scheduler figures on the kwok test cluster (packages/testing's startK8sTestEnv: a real
 * kube-apiserver + etcd + scheduler + controller-manager, kwok playing the kubelets).
 *
 * The bench starts one control plane and, on it, alternates:
 * - the reference: creating bare Jobs (one `POST .../jobs` each, keep-alive, admin certificate)
 *   in a scratch namespace, median of `floorJobs`;
 * - the worker's real-node A/A benchmark (apps/worker/src/worker.real-node.test.ts, through
 *   `vitest.real-node.config.ts`: its own 2-node cluster with real pods; trials need running
 *   containers, which kwok cannot give). The worker stores `environment.scheduler` (`first trial
 *   started after`: from claiming the run to its first trial started; API calls per trial with
 *   usage sampling counted apart) and the test prints them on its `A/A run:` line. The idle gate
 *   is on (methodology.idleGate's default), so the duty cycle includes its waits before each trial.
 *
 * Medians over `runs` runs are reported; each run's values are kept in the results JSON.
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:https";
// The harness is a workspace package bench does not depend on (adding it would change the
// lockfile); importing its source directly keeps the control plane identical to the test suite's.
import { startK8sTestEnv, type K8sTestEnv } from "@meshbench/testing/k8s-testenv";
import { onCleanup, startProcess, stopProcess } from "./processes";
import { repoRoot } from "./stack";
import { median } from "./stats";

export type SchedulerResult = {
  runs: {
    dutyCyclePercent: number;
    firstJobMs: number;
    apiCallsPerTrial: number;
    samplingCallsPerTrial: number;
    wallSeconds: number;
    /** Seconds the idle gate waited before trials, in all (null when it was off). */
    idleWaitSeconds: number | null;
    /** One bare pod's create → Ready on the same cluster, right before the run. */
    barePodStartMs: number | null;
  }[];
  barePodStartMs: number | null;
  dutyCyclePercent: number;
  bareJobMs: number[];
  firstJobMs: number;
  apiCallsPerTrial: number;
  bareJobP50: number;
  kubernetesServer: string;
};

type Api = (method: string, pathname: string, body?: unknown) => Promise<number>;

function apiClient(env: K8sTestEnv): { call: Api; close: () => void } {
  const agent = new Agent({
    keepAlive: true,
    ca: readFileSync(env.certs.ca),
    cert: readFileSync(env.certs.adminCert),
    key: readFileSync(env.certs.adminKey),
  });
  const call: Api = (method, pathname, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${env.server}${pathname}`,
        {
          method,
          agent,
          headers: payload ? { "content-type": "application/json" } : {},
          timeout: 30_000,
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.on("timeout", () => req.destroy(new Error(`${method} ${pathname}: timeout`)));
      req.end(payload);
    });
  return { call, close: () => agent.destroy() };
}

/** Times `count` bare Job creations (each one POST) in a fresh namespace, then deletes it. */
async function bareJobs(api: Api, round: number, count: number): Promise<number[]> {
  const ns = `mb-bench-floor-${round}`;
  const status = await api("POST", "/api/v1/namespaces", {
    apiVersion: "v1",
    kind: "Namespace",
    metadata: { name: ns },
  });
  if (status !== 201) throw new Error(`create namespace ${ns}: HTTP ${status}`);
  const times: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const job = {
        apiVersion: "batch/v1",
        kind: "Job",
        metadata: { name: `bare-${i}` },
        spec: {
          backoffLimit: 0,
          template: {
            spec: {
              restartPolicy: "Never",
              containers: [{ name: "c", image: "busybox:1.37", args: ["true"] }],
            },
          },
        },
      };
      const t0 = performance.now();
      const code = await api("POST", `/apis/batch/v1/namespaces/${ns}/jobs`, job);
      times.push(performance.now() - t0);
      if (code !== 201) throw new Error(`create Job in ${ns}: HTTP ${code}`);
    }
  } finally {
    await api("DELETE", `/api/v1/namespaces/${ns}`);
  }
  return times;
}

const FIGURES =
  /duty cycle (\d+(?:\.\d+)?)%;.*first trial started after: (\d+(?:\.\d+)?) ms;.*API calls per trial \(sampling apart\): (\d+(?:\.\d+)?); API calls per trial for usage sampling: (\d+(?:\.\d+)?)/;

/** The idle gate's figures on the same line: "idle gate: 12 waits, 10.5 s in all, …". */
const IDLE = /idle gate: (\d+) waits, (\d+(?:\.\d+)?) s in all/;

/** Issue 27's shape: 2 variants × 2 levels × 3 repetitions × 10 s, 2 s warm-up (12-s trials). */
const TRIAL_SECONDS = 10;
const WARMUP_SECONDS = 2;

/** The test's reference on the same cluster: one bare pod from create to Ready. */
const BARE_POD = /bare pod start (\d+) ms/;

async function workerTest(log: (line: string) => void): Promise<SchedulerResult["runs"][number]> {
  const started = performance.now();
  const p = startProcess(
    "pnpm",
    [
      "exec",
      "vitest",
      "run",
      "--config",
      "vitest.real-node.config.ts",
      "apps/worker/src/worker.real-node.test.ts",
      "-t",
      "A/A benchmark",
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        CI: "1",
        MESHBENCH_AA_TRIAL_SECONDS: String(TRIAL_SECONDS),
        MESHBENCH_AA_WARMUP_SECONDS: String(WARMUP_SECONDS),
      },
    },
  );
  // startProcess keeps only the tail of the output; the whole stdout is kept here (a few KB).
  let stdout = "";
  p.child.stdout?.on("data", (b: Buffer) => (stdout += b.toString()));
  const code = await new Promise<number | null>((resolve) => {
    if (p.child.exitCode !== null) resolve(p.child.exitCode);
    else p.child.once("exit", (c) => resolve(c));
  });
  await stopProcess(p.child);
  const wallSeconds = (performance.now() - started) / 1000;
  const match = FIGURES.exec(stdout);
  if (code !== 0 || !match) {
    throw new Error(
      `worker real-node test exited with ${code}${match ? "" : " and printed no figures"}:\n${p.output()}`,
    );
  }
  const result = {
    dutyCyclePercent: Number(match[1]),
    firstJobMs: Number(match[2]),
    apiCallsPerTrial: Number(match[3]),
    samplingCallsPerTrial: Number(match[4]),
    wallSeconds,
    idleWaitSeconds: IDLE.exec(stdout) ? Number(IDLE.exec(stdout)![2]) : null,
    barePodStartMs: BARE_POD.exec(stdout) ? Number(BARE_POD.exec(stdout)![1]) : null,
  };
  log(
    `  worker real-node test: duty cycle ${result.dutyCyclePercent}%, first trial after ${result.firstJobMs} ms, ${result.apiCallsPerTrial} API calls/trial + ${result.samplingCallsPerTrial} for sampling, idle gate waited ${result.idleWaitSeconds ?? "-"} s, bare pod start ${result.barePodStartMs ?? "-"} ms (${wallSeconds.toFixed(0)} s)`,
  );
  return result;
}

export async function benchScheduler(
  log: (line: string) => void,
  options: { runs: number; floorJobs: number },
): Promise<SchedulerResult> {
  const t0 = Date.now();
  const env = await startK8sTestEnv({ nodes: 3 });
  onCleanup(() => env.stop()); // also on Ctrl-C or a crash; a second stop() is harmless
  log(`  kwok control plane up in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${env.server}`);
  const api = apiClient(env);
  try {
    const runs: SchedulerResult["runs"] = [];
    const bare: number[] = [];
    // Alternating, so both see the same machine load; a warm-up round of bare Jobs first.
    await bareJobs(api.call, 0, 5);
    for (let i = 1; i <= options.runs; i++) {
      const times = await bareJobs(api.call, i, options.floorJobs);
      bare.push(...times);
      log(`  bare Job create: median ${median(times).toFixed(1)} ms over ${times.length}`);
      runs.push(await workerTest(log));
    }
    return {
      runs,
      bareJobMs: bare,
      dutyCyclePercent: median(runs.map((r) => r.dutyCyclePercent)),
      firstJobMs: median(runs.map((r) => r.firstJobMs)),
      barePodStartMs: runs.every((r) => r.barePodStartMs !== null)
        ? median(runs.map((r) => r.barePodStartMs!))
        : null,
      apiCallsPerTrial: median(runs.map((r) => r.apiCallsPerTrial)),
      bareJobP50: median(bare),
      kubernetesServer: env.server,
    };
  } finally {
    api.close();
    await env.stop();
  }
}
