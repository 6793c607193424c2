import type { V1Pod } from "@kubernetes/client-node";
import { statusCode } from "../cluster/kube-apis";
import type { FortioRunBody } from "../fortio/run-request";
import { LABELS, LOAD_GENERATOR_NAME } from "../manifests/labels";
import {
  buildMeasurementPod,
  MEASURED_LOAD_CONTAINER,
  measurementPodName,
} from "../manifests/measurement-pod";
import { call, type Kube, sleep, type WaitInput } from "./kube";
import { UNSCHEDULABLE_GRACE_MS, unschedulableReason } from "./scheduling";

/** Where a measurement pod's `fortio load` is: not started, running (since), exited, or gone. */
export type MeasuredLoad =
  | { state: "waiting" }
  | { state: "running"; startedAt: number }
  | { state: "exited"; exitCode: number; reason: string | null }
  | { state: "gone" };

/** The kubelet's one-word reason (OOMKilled, Evicted, Error…); anything else is not repeated. */
const word = (reason: string | undefined) =>
  reason && /^[A-Za-z]{1,40}$/.test(reason) ? reason : null;

function measuredLoad(pod: V1Pod | undefined): MeasuredLoad {
  if (!pod || pod.metadata?.deletionTimestamp) return { state: "gone" };
  const status = pod.status?.containerStatuses?.find((c) => c.name === MEASURED_LOAD_CONTAINER);
  const terminated = status?.state?.terminated;
  if (terminated)
    return { state: "exited", exitCode: terminated.exitCode, reason: word(terminated.reason) };
  if (pod.status?.phase === "Failed")
    return { state: "exited", exitCode: -1, reason: word(pod.status.reason) };
  const running = status?.state?.running;
  if (running) return { state: "running", startedAt: running.startedAt?.getTime() ?? Date.now() };
  return { state: "waiting" };
}

const trialSelector = (trial: string) => `${LABELS.trial}=${trial}`;

async function podsOfTrial(k: Kube, namespace: string, trial: string) {
  const labelSelector = trialSelector(trial);
  return (await call(k, (a) => a.core.listNamespacedPod({ namespace, labelSelector }))).items;
}

/** Each named pod's measured load now, in the order given. */
export async function measuredLoads(k: Kube, namespace: string, trial: string, pods: string[]) {
  const items = await podsOfTrial(k, namespace, trial);
  return pods.map((name) => measuredLoad(items.find((p) => p.metadata?.name === name)));
}

/** Deletes the pods (already gone is fine). */
export async function deleteMeasurementPods(k: Kube, namespace: string, pods: readonly string[]) {
  await Promise.all(
    pods.map((name) =>
      call(k, (a) => a.core.deleteNamespacedPod({ name, namespace })).catch((error: unknown) => {
        if (statusCode(error) !== 404) throw error;
      }),
    ),
  );
}

/**
 * The trial's `generators` measurement pods when every one is still there (a resumed worker
 * waits for them instead of starting the trial again), else null.
 */
export async function findMeasurementPods(
  k: Kube,
  namespace: string,
  trial: string,
  generators: number,
) {
  const pods = Array.from({ length: generators }, (_, i) => measurementPodName(trial, i));
  const live = (await podsOfTrial(k, namespace, trial)).filter(
    (p) => !p.metadata?.deletionTimestamp,
  );
  const names = live.map((p) => p.metadata?.name);
  if (live.length !== generators || !pods.every((p) => names.includes(p))) return null;
  return { pods, resumed: true, startedAt: Date.now() };
}

/**
 * A trial's measurement pods (methodology.rateSeries), one per generator's share `bodies[i]`,
 * created afresh (a previous attempt's leftovers deleted first)
 * from the generator Deployment's pod template, then waited for until every `fortio load` has
 * started; `startedAt` is the last one's start (the measured windows then all run). A pod that
 * cannot start in time is deleted and the trial fails with the scheduler's reason or the wait's.
 */
export async function startMeasurementPods(
  k: Kube,
  input: { namespace: string; trial: string; bodies: readonly FortioRunBody[] },
  options: WaitInput,
): Promise<{ pods: string[]; resumed: boolean; startedAt: number }> {
  const { namespace, trial } = input;
  const pods = input.bodies.map((_, i) => measurementPodName(trial, i));
  const existing = (await podsOfTrial(k, namespace, trial)).map((p) => p.metadata?.name ?? "");
  if (existing.length) await deleteMeasurementPods(k, namespace, existing);
  const started = Date.now();
  while ((await podsOfTrial(k, namespace, trial)).length) {
    if (Date.now() - started > options.timeoutMs) throw new Error("old measurement pods linger");
    await sleep(k.pollMs);
  }
  const deployment = await call(k, (a) =>
    a.apps.readNamespacedDeployment({ name: LOAD_GENERATOR_NAME, namespace }),
  );
  await Promise.all(
    input.bodies.map((body, index) => {
      const pod = buildMeasurementPod(deployment.spec!.template, { namespace, trial, index, body });
      return call(k, (a) => a.core.createNamespacedPod({ namespace, body: pod }));
    }),
  );
  try {
    for (;;) {
      const items = await podsOfTrial(k, namespace, trial);
      const loads = pods.map((name) => measuredLoad(items.find((p) => p.metadata?.name === name)));
      if (loads.every((l) => l.state === "running" || l.state === "exited")) {
        const starts = loads.map((l) => (l.state === "running" ? l.startedAt : started));
        return { pods, resumed: false, startedAt: Math.max(...starts) };
      }
      if (loads.some((l) => l.state === "gone")) throw new Error("a measurement pod went away");
      if (Date.now() - started > UNSCHEDULABLE_GRACE_MS) {
        const reason = unschedulableReason(items);
        if (reason) throw new Error(reason);
      }
      if (Date.now() - started > options.timeoutMs)
        throw new Error(
          `measurement pods not started after ${Math.round(options.timeoutMs / 1000)} s`,
        );
      if (await options.shouldStop?.()) throw new Error("stopped");
      await sleep(Math.min(k.pollMs, 250));
    }
  } catch (error) {
    await deleteMeasurementPods(k, namespace, pods).catch(() => undefined);
    throw error;
  }
}

/**
 * The trial is over when every pod's `fortio load` has exited 0; one that exited otherwise, or a
 * pod gone, fails it. The reason names the pod and the exit code (and the kubelet's one-word
 * reason), never the pod's output, which the tenant's image wrote.
 */
export async function measurementOutcome(
  k: Kube,
  namespace: string,
  trial: string,
  pods: string[],
): Promise<{ done: false } | { done: true; failure: string | null }> {
  const loads = await measuredLoads(k, namespace, trial, pods);
  for (const [i, load] of loads.entries()) {
    if (load.state === "gone") return { done: true, failure: `measurement pod ${pods[i]} is gone` };
    if (load.state === "exited" && load.exitCode !== 0)
      return {
        done: true,
        failure: `measurement pod ${pods[i]}: fortio load exited with code ${load.exitCode}${load.reason ? ` (${load.reason})` : ""}`,
      };
  }
  return loads.every((l) => l.state === "exited") ? { done: true, failure: null } : { done: false };
}
