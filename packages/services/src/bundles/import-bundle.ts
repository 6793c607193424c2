import {
  DomainError,
  isRunActive,
  type TDefinitionSnapshot,
  type TRunBundle,
  type ZImportBundleInput,
} from "@meshbench/contracts";
import type { ImportedRunInput } from "@meshbench/db";
import type { z } from "zod";
import { fillSecrets } from "./bundle-secrets";

const date = (iso: string | null) => (iso ? new Date(iso) : null);

function checkTrials(bundle: TRunBundle) {
  const keys = new Set<string>();
  bundle.trials.forEach((t, i) => {
    if (keys.has(t.key))
      throw new DomainError(
        "BAD_REQUEST",
        `Trial key ${t.key} appears twice`,
        `bundle.trials.${i}.key`,
      );
    keys.add(t.key);
  });
  bundle.samples.forEach((s, i) => {
    if (s.trialKey !== null && !keys.has(s.trialKey))
      throw new DomainError(
        "BAD_REQUEST",
        "The sample names a trial the bundle does not have",
        `bundle.samples.${i}.trialKey`,
      );
  });
}

/**
 * What an import stores, from a parsed bundle: a read-only run of source `import` (no benchmark
 * or cluster here; it names the ones it was measured with), its trials, samples, verdict records
 * and the noise calibration its report used, with every secret placeholder filled.
 */
export function importedRun(input: z.output<typeof ZImportBundleInput>): ImportedRunInput {
  const { bundle } = input;
  const { run } = bundle;
  if (isRunActive(run.status))
    throw new DomainError(
      "BAD_REQUEST",
      `A bundle of a ${run.status} run cannot be imported: only finished runs are records`,
      "bundle.run.status",
    );
  checkTrials(bundle);
  const snapshot: TDefinitionSnapshot | null = bundle.definition && {
    ...bundle.definition.snapshot,
    definition: fillSecrets(bundle.definition.snapshot.definition, bundle.secrets, input.secrets),
  };
  return {
    title: run.title,
    status: run.status as ImportedRunInput["status"],
    labels: run.labels,
    git: run.git,
    error: run.error,
    trialsTotal: run.trialsTotal,
    trialsDone: run.trialsDone,
    trialsFailed: run.trialsFailed,
    startedAt: date(run.startedAt),
    finishedAt: date(run.finishedAt),
    environment: bundle.environment,
    definition: snapshot && bundle.definition && { source: bundle.definition.source, snapshot },
    importedFrom: {
      runId: run.id,
      source: run.source,
      benchmarkKey: run.benchmarkKey,
      clusterName: run.clusterName,
      exportedAt: bundle.exportedAt,
      noiseCalibration: bundle.noiseCalibration,
    },
    trials: bundle.trials,
    samples: bundle.samples,
    verdicts: bundle.verdicts,
  };
}
