import type {
  TBenchmarkDefinition,
  TResolvedHeader,
  TTrialCoordinates,
} from "@meshbench/contracts";
import { maskedHeaders, requestHeadersOf, trialKey } from "@meshbench/core";
import { describeRunRequest, type FortioRunInput, fortioRunBody } from "../fortio/run-request";
import type { FortioServer } from "../fortio/server";
import { targetUrl } from "../fortio/target-url";
import type { TrialHandle, TrialInput, TrialOutcome, WaitOptions } from "../gateway";
import { LOAD_GENERATOR_NAME, trialLabel, variantNamespace } from "../manifests/labels";
import { type Kube, sleep } from "./kube";
import { loadGenerator, type LoadGenerators } from "./load-generator";

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

/**
 * One trial = one Fortio run on the variant's load generator, labelled by the trial's key. A
 * resumed worker finds its run still going (by label) and waits for it instead of starting a
 * second one. Warm-up is a separate, unsaved run right before: the measured run opens its own
 * connections, so the warm-up only warms the target and the mesh, never the measured sockets.
 */
export async function startTrial(
  k: Kube,
  lg: LoadGenerators,
  input: TrialInput,
  options: { beforeMeasured?: () => Promise<void> } = {},
): Promise<TrialHandle> {
  const { definition: def, namespace } = input;
  const server = await loadGenerator(k, lg, namespace);
  const measured = runInput(input, namespace, input.requestHeaders ?? []);
  const running = await server.running();
  const handle = (
    run: { runId: number; resultId: string },
    startedAt: number,
    resumed = false,
  ): TrialHandle => ({
    namespace,
    name: measured.label,
    pod: server.pod,
    ...run,
    // A found run started earlier, at a time Fortio's status does not say: poll from now.
    endsAt: resumed ? startedAt : startedAt + def.durationSeconds * 1000,
    resumed,
  });
  const found = running.get(measured.label);
  if (found) return handle(found, Date.now(), true);
  const staleWarmup = running.get(`${measured.label}/warmup`);
  if (staleWarmup) await server.stop(staleWarmup);
  if (def.warmupSeconds > 0) {
    const warmup = {
      ...measured,
      durationSeconds: def.warmupSeconds,
      label: `${measured.label}/warmup`,
    };
    await server.runToEnd(fortioRunBody(warmup, { save: false, async: false }), def.warmupSeconds);
  }
  await options.beforeMeasured?.();
  const startedAt = Date.now();
  return handle(
    await server.start(fortioRunBody(measured, { save: true, async: true })),
    startedAt,
  );
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
      const body = fortioRunBody(runInput({ runId, definition: def, ...t }, ns, headers), {
        save: true,
        async: true,
      });
      out[key] = describeRunRequest(`${ns}/${LOAD_GENERATOR_NAME}`, body);
    } catch (error) {
      // e.g. a protocol the target cannot carry: that trial fails with the same reason.
      out[key] = `not run: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return out;
}

/** No status poll before the load is due to end: sampling alone fills the trial's window. */
export async function waitForTrial(
  server: FortioServer,
  trial: TrialHandle,
  options: WaitOptions & { pollMs: number },
): Promise<TrialOutcome> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (Date.now() >= trial.endsAt) {
      try {
        if (!(await server.isRunning(trial))) return { status: "succeeded" };
      } catch (error) {
        return {
          status: "failed",
          reason: `load generator unreachable: ${error instanceof Error ? error.message : "unknown error"}`,
        };
      }
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
