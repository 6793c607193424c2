import type {
  TBenchmarkDefinition,
  TResolvedHeader,
  TTrialCoordinates,
} from "@meshbench/contracts";
import { maskedHeaders, requestHeadersOf, splitLoad, trialKey } from "@meshbench/core";
import {
  describeRunRequest,
  type FortioRunInput,
  fortioLoadArgs,
  fortioRunBody,
  MEASUREMENT_FILES,
} from "../fortio/run-request";
import type { FortioServer } from "../fortio/server";
import { targetUrl } from "../fortio/target-url";
import type { TrialHandle, TrialInput, TrialOutcome, WaitOptions } from "../gateway";
import {
  LOAD_GENERATOR_NAME,
  trialLabel,
  trialLabelValue,
  variantNamespace,
} from "../manifests/labels";
import { measurementPodName } from "../manifests/measurement-pod";
import { type Kube, sleep } from "./kube";
import { loadGeneratorServers, type LoadGenerators } from "./load-generator";
import { loadGeneratorReplicas } from "../manifests/load-generator";
import { findMeasurementPods, measurementOutcome, startMeasurementPods } from "./measurement-pods";

/** How long a trial's measurement pods may take to start their load. */
const POD_START = { timeoutMs: 120_000 };

function runInput(
  input: Pick<TrialInput, "runId" | "definition" | "sequence" | "coordinates">,
  namespace: string,
  headers: readonly TResolvedHeader[],
): FortioRunInput {
  const { definition: def, coordinates } = input;
  return {
    headers,
    coordinates,
    durationSeconds: def.durationSeconds,
    fortio: def.methodology.fortio,
    url: targetUrl(
      def.target,
      namespace,
      coordinates.protocol,
      coordinates.variant,
      def.variants.find((v) => v.name === coordinates.variant)?.entry,
    ),
    label: trialLabel(input.runId, input.sequence, trialKey(coordinates)),
  };
}

/** How many load generators carry a trial: the caller's choice ("auto"), else the methodology's. */
const generatorsOf = (input: TrialInput) =>
  input.generators ?? loadGeneratorReplicas(input.definition.methodology);

/**
 * One trial = one Fortio run on each of the variant's load generators (its QPS and connections
 * split by core's splitLoad), labelled by the trial's key. The generators' warm-ups run side by
 * side; the measured runs are started together (all requests fired at once, after the warm-up
 * and `beforeMeasured`), so their windows overlap; the merge records each window and the overlap.
 * A resumed worker finds the runs still going (by label) and waits for them instead of starting
 * second ones; a trial found on only some generators is stopped there and started afresh. Warm-up
 * is a separate, unsaved run right before: the measured run opens its own connections, so the
 * warm-up only warms the target and the mesh, never the measured sockets.
 */
export async function startTrial(
  k: Kube,
  lg: LoadGenerators,
  input: TrialInput,
  options: { beforeMeasured?: () => Promise<void> } = {},
): Promise<TrialHandle> {
  const { definition: def, namespace } = input;
  const n = generatorsOf(input);
  const servers = (await loadGeneratorServers(k, lg, namespace, { atLeast: n })).slice(0, n);
  const measured = runInput(input, namespace, input.requestHeaders ?? []);
  const parts = splitLoad(measured.coordinates, n).map((part) => ({
    ...measured,
    coordinates: {
      ...measured.coordinates,
      requestedQps: part.requestedQps,
      connections: part.connections,
    },
  }));
  const running = await Promise.all(servers.map((server) => server.running()));
  const handle = (
    runs: { runId: number; resultId: string }[],
    startedAt: number,
    resumed = false,
  ): TrialHandle => ({
    namespace,
    name: measured.label,
    runs: runs.map((run, i) => ({ pod: servers[i]!.pod, ...run })),
    // A found run started earlier, at a time Fortio's status does not say: poll from now.
    endsAt: resumed ? startedAt : startedAt + def.durationSeconds * 1000,
    resumed,
  });
  // methodology.rateSeries: the measured runs are pods of their own (measurement-pods.ts).
  const pods = def.methodology.rateSeries
    ? trialLabelValue(input.sequence, trialKey(input.coordinates))
    : null;
  const podHandle = (started: { pods: string[]; resumed: boolean; startedAt: number }) => ({
    ...handle(
      started.pods.map((pod) => ({ pod, runId: 0, resultId: MEASUREMENT_FILES.result })),
      started.startedAt,
      started.resumed,
    ),
    measurementPods: true,
  });
  if (pods) {
    const found = await findMeasurementPods(k, namespace, pods, n);
    if (found) return podHandle(found);
  }
  const found = running.map((r) => r.get(measured.label));
  if (found.every((f) => f !== undefined)) return handle(found, Date.now(), true);
  await Promise.all(
    servers.map(async (server, i) => {
      const stale = [found[i], running[i]!.get(`${measured.label}/warmup`)];
      for (const run of stale) if (run) await server.stop(run);
    }),
  );
  if (def.warmupSeconds > 0)
    await Promise.all(
      servers.map((server, i) =>
        server.runToEnd(
          fortioRunBody(
            { ...parts[i]!, durationSeconds: def.warmupSeconds, label: `${measured.label}/warmup` },
            { save: false, async: false },
          ),
          def.warmupSeconds,
        ),
      ),
    );
  await options.beforeMeasured?.();
  if (pods) {
    const bodies = parts.map((part) => fortioRunBody(part, { save: false, async: false }));
    const started = await startMeasurementPods(k, { namespace, trial: pods, bodies }, POD_START);
    return podHandle(started);
  }
  const startedAt = Date.now();
  const runs = await Promise.all(
    servers.map((server, i) => server.start(fortioRunBody(parts[i]!, { save: true, async: true }))),
  );
  return handle(runs, startedAt);
}

/**
 * The exact REST request per variant × load level (repetitions repeat it, with their own label),
 * a secret header's value as its `<secret:name>` placeholder: built from the definition alone,
 * it never sees a secret.
 */
export function describeLoad(
  runId: string,
  def: TBenchmarkDefinition,
  trials: readonly { sequence: number; coordinates: TTrialCoordinates }[],
) {
  const out: Record<string, string> = {};
  for (const t of trials) {
    if (t.coordinates.repetition !== 1) continue;
    const ns = variantNamespace(runId, t.coordinates.variant);
    const key = trialKey(t.coordinates).replace(/\/rep1$/, "");
    try {
      const headers = maskedHeaders(requestHeadersOf(def, t.coordinates.variant));
      const input = runInput({ runId, definition: def, ...t }, ns, headers);
      const n = loadGeneratorReplicas(def.methodology);
      out[key] = splitLoad(input.coordinates, n)
        .map((part) => {
          const coordinates = { ...input.coordinates, ...part };
          const body = fortioRunBody({ ...input, coordinates }, { save: true, async: true });
          if (def.methodology.rateSeries) {
            const pod = measurementPodName(
              trialLabelValue(t.sequence, trialKey(t.coordinates)),
              part.index,
            );
            return `pod ${ns}/${pod}: fortio ${fortioLoadArgs(body).join(" ")}`;
          }
          return describeRunRequest(`${ns}/${LOAD_GENERATOR_NAME}#${part.index}`, body);
        })
        .join("\n");
    } catch (error) {
      // e.g. a protocol the target cannot carry: that trial fails with the same reason.
      out[key] = `not run: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return out;
}

/** The REST runs' end: every generator's run gone from its status list. */
export function restRunsEnded(servers: readonly FortioServer[], trial: TrialHandle) {
  return async (): Promise<TrialOutcome | null> => {
    try {
      const still = await Promise.all(trial.runs.map((run, i) => servers[i]!.isRunning(run)));
      return still.includes(true) ? null : { status: "succeeded" };
    } catch (error) {
      return {
        status: "failed",
        reason: `load generator unreachable: ${error instanceof Error ? error.message : "unknown error"}`,
      };
    }
  };
}

/** The measurement pods' end (methodology.rateSeries): every `fortio load` exited. */
export function podRunsEnded(k: Kube, trial: TrialHandle) {
  const pods = trial.runs.map((r) => r.pod);
  const label = trial.name.slice(trial.name.indexOf("/") + 1);
  return async (): Promise<TrialOutcome | null> => {
    try {
      const outcome = await measurementOutcome(k, trial.namespace, label, pods);
      if (!outcome.done) return null;
      return outcome.failure
        ? { status: "failed", reason: outcome.failure }
        : { status: "succeeded" };
    } catch (error) {
      return {
        status: "failed",
        reason: `measurement pods unreadable: ${error instanceof Error ? error.message : "unknown error"}`,
      };
    }
  };
}

/**
 * No status poll before the load is due to end: sampling alone fills the trial's window. The
 * trial ends when every generator's run has (`ended`: null while one still runs).
 */
export async function waitForTrial(
  ended: () => Promise<TrialOutcome | null>,
  trial: TrialHandle,
  options: WaitOptions & { pollMs: number },
): Promise<TrialOutcome> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (Date.now() >= trial.endsAt) {
      const outcome = await ended();
      if (outcome) return outcome;
    }
    if (Date.now() > deadline)
      return {
        status: "timeout",
        reason: `no result after ${Math.round(options.timeoutMs / 1000)} s`,
      };
    if (await options.shouldStop?.()) return { status: "stopped" };
    await options.onRunning?.();
    const untilEnd = trial.endsAt - Date.now();
    await sleep(Math.min(options.pollMs, untilEnd > 0 ? untilEnd + 50 : 250));
  }
}
