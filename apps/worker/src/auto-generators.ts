import type { TBenchmarkDefinition, TClusterCaps } from "@meshbench/contracts";
import {
  autoGeneratorProbe,
  maxGeneratorsFor,
  nextGeneratorCount,
  trialKey,
  type GeneratorDecision,
  type GeneratorProbe,
} from "@meshbench/core";
import type { ClusterGateway, PreparedVariant } from "@meshbench/k8s";
import type { PreparingVariants } from "./prepare-variants";
import { generatorsResult } from "@meshbench/services";
import type { TResolvedHeader } from "@meshbench/contracts";

/** Each probe's length: long enough for a steady rate, short beside the trials it sizes. */
const AUTO_PROBE_SECONDS = 5;
/** Probes sit far beyond any planned trial's sequence, so their Fortio labels never collide. */
const PROBE_SEQUENCE = 1_000_000;
/** Errors above this share mean the target, not the generators, gave way (core's saturation rule). */
const TARGET_ERROR_SHARE = 0.01;

export type AutoGenerators = {
  generators: number;
  decision: Extract<GeneratorDecision, { chosen: number }>["reason"] | "not_scalable";
  probes: GeneratorProbe[];
};

/**
 * "auto" load generators for one prepared variant, before the run's trials: short unsaved probes
 * of the matrix's heaviest load (core's autoGeneratorProbe) with 1, 2, … generators, the
 * Deployment scaled between them, until core's nextGeneratorCount chooses; the variant is left
 * scaled to the chosen count, which all of its trials use (one count per variant, so every level
 * is measured by the same generators; the heaviest needs the most, and a lighter level split
 * over more generators than it needs merges exactly all the same). `maxGenerators` is where a
 * cluster's cap hooks in (default 32). A probe that fails ends the search at the last count that
 * worked.
 */
export async function chooseGenerators(input: {
  runId: string;
  def: TBenchmarkDefinition;
  variant: string;
  prepared: PreparedVariant;
  gateway: ClusterGateway;
  requestHeaders: () => Promise<readonly TResolvedHeader[]>;
  shouldStop: () => Promise<boolean>;
  maxGenerators?: number;
  log: (message: string) => void;
}): Promise<AutoGenerators> {
  const { gateway, prepared, def } = input;
  if (!gateway.scaleLoadGenerators) return { generators: 1, decision: "not_scalable", probes: [] };
  const { cell, maxGenerators } = autoGeneratorProbe(def, input.maxGenerators);
  // Probes are REST runs on the Deployment's pods even under methodology.rateSeries: only their
  // achieved rate counts, and no measurement pod is left behind.
  const probeDef = {
    ...def,
    durationSeconds: AUTO_PROBE_SECONDS,
    warmupSeconds: 1,
    methodology: { ...def.methodology, rateSeries: false },
  };
  const coordinates = { ...cell, variant: input.variant, repetition: 1 };
  const probes: GeneratorProbe[] = [];
  let current = 1;
  let decision = nextGeneratorCount(probes, { maxGenerators });
  while ("next" in decision) {
    const n = decision.next;
    if (n !== current) await gateway.scaleLoadGenerators(prepared.namespace, n, input);
    current = n;
    const handle = await gateway.startTrial({
      runId: input.runId,
      definition: probeDef,
      namespace: prepared.namespace,
      sequence: PROBE_SEQUENCE + n,
      coordinates,
      requestHeaders: await input.requestHeaders(),
      generators: n,
    });
    const outcome = await gateway.waitForTrial(handle, {
      timeoutMs: (AUTO_PROBE_SECONDS + 60) * 1000,
      shouldStop: input.shouldStop,
    });
    const texts = outcome.status === "succeeded" ? await gateway.readTrialResults(handle) : null;
    if (!texts) {
      if (outcome.status !== "succeeded") await gateway.abandonTrial(handle);
      input.log(`run ${input.runId}: auto load generators: the probe with ${n} did not finish`);
      decision = { chosen: Math.max(1, n - 1), reason: "no_rise" };
      break;
    }
    const r = generatorsResult(texts.length === 1 ? texts[0]! : texts);
    probes.push({
      generators: n,
      requestedQps: cell.requestedQps,
      actualQps: r.actualQps,
      targetSaturated: r.requestCount > 0 && r.errorCount / r.requestCount > TARGET_ERROR_SHARE,
    });
    input.log(
      `run ${input.runId}: auto load generators ${input.variant}: ${n} → ${r.actualQps.toFixed(0)} QPS (${trialKey(coordinates)})`,
    );
    decision = nextGeneratorCount(probes, { maxGenerators });
  }
  if (decision.chosen !== current)
    await gateway.scaleLoadGenerators(prepared.namespace, decision.chosen, input);
  return { generators: decision.chosen, decision: decision.reason, probes };
}

/** The run's record of the choice (its environment's load-generator section). */
export function describeAutoGenerators(variant: string, choice: AutoGenerators) {
  const probes = choice.probes
    .map(
      (p) =>
        `${p.generators} → ${p.actualQps.toFixed(0)} QPS${p.targetSaturated ? " (target saturated)" : ""}`,
    )
    .join(", ");
  return {
    [`generators ${variant}`]: `${choice.generators} (auto: ${choice.decision.replace("_", " ")}${probes ? `; probes ${probes}` : ""})`,
  };
}

/**
 * `loadGenerators: "auto"`: each ready variant's count chosen by probes before the run's trials
 * (chooseGenerators), kept in `run.generators` and described for the run's environment; a variant
 * whose probes fail is not run (its problem set in `variants`).
 */
async function autoGenerators(
  deps: { log: (message: string) => void },
  run: {
    runId: string;
    claimed: {
      definition: TBenchmarkDefinition;
      gateway: ClusterGateway;
      requestHeaders: (variant: string) => Promise<readonly TResolvedHeader[]>;
      clusterCaps: TClusterCaps;
    };
    shouldStop: () => Promise<boolean>;
    generators: Map<string, number>;
  },
  variants: Map<string, PreparedVariant>,
) {
  const { definition: def, gateway } = run.claimed;
  const described: Record<string, string> = {};
  for (const [name, prepared] of variants) {
    if (prepared.problem || (await run.shouldStop())) continue;
    try {
      const choice = await chooseGenerators({
        runId: run.runId,
        def,
        variant: name,
        prepared,
        gateway,
        requestHeaders: () => run.claimed.requestHeaders(name),
        shouldStop: run.shouldStop,
        log: deps.log,
        // The cluster's cap on generators (an admin's), else the definition's own limit.
        maxGenerators: maxGeneratorsFor(run.claimed.clusterCaps),
      });
      run.generators.set(name, choice.generators);
      Object.assign(described, describeAutoGenerators(name, choice));
    } catch (error) {
      const reason = `auto load generators: ${gateway.describeError(error)}`;
      variants.set(name, { ...prepared, problem: reason });
    }
  }
  return described;
}

/** Variants already prepared (after "auto" probed them), as the trial loop reads them. */
function preparedAlready(variants: Map<string, PreparedVariant>): PreparingVariants {
  return {
    get: (variant) => {
      const prepared = variants.get(variant);
      return prepared ? Promise.resolve(prepared) : undefined;
    },
    settled: () => true,
    all: () => Promise.resolve(variants),
    done: () => Promise.resolve(),
  };
}

/**
 * Before the run's trials: for `loadGenerators: "auto"`, waits for every variant and probes each
 * (a probe beside another variant's trials would load the cluster they measure); otherwise the
 * variants as they are being prepared. `auto` describes the choices for the run's environment.
 */
export async function autoGeneratorsFirst(
  run: Parameters<typeof autoGenerators>[1],
  preparing: PreparingVariants,
  log: (message: string) => void,
): Promise<{ ready: PreparingVariants; auto: Record<string, string> }> {
  if (run.claimed.definition.methodology.loadGenerators !== "auto") {
    return { ready: preparing, auto: {} };
  }
  const variants = await preparing.all();
  const auto = await autoGenerators({ log }, run, variants);
  return { ready: preparedAlready(variants), auto };
}
