import {
  DomainError,
  isRunActive,
  ZBenchmarkDefinition,
  type TBenchmarkDefinition,
  type TBundleDefinitionSnapshot,
  type TDefinitionSnapshot,
  type TRunBundle,
  type ZImportBundleInput,
} from "@meshbench/contracts";
import { fillDefinitionSecrets, secretNamesOf } from "@meshbench/core";
import type { ImportedRunInput } from "@meshbench/db";
import type { z } from "zod";

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
 * The bundle's masked definition with each `<secret:name>` filled by the workspace secret
 * `rename[name]` (default: the same name) — names only, no value is given or stored — checked as
 * a definition. The bundle must list every secret its definition names (`bundle.secrets`).
 */
function unmasked(
  bundle: TRunBundle,
  snapshot: TBundleDefinitionSnapshot,
  rename: Readonly<Record<string, string>>,
): TBenchmarkDefinition {
  const listed = new Set(bundle.secrets);
  const unlisted = secretNamesOf(snapshot.definition).find((name) => !listed.has(name));
  if (unlisted !== undefined)
    throw new DomainError(
      "BAD_REQUEST",
      `The definition names the secret "${unlisted}", which the bundle does not list`,
      "bundle.secrets",
    );
  for (const name of Object.keys(rename))
    if (!listed.has(name))
      throw new DomainError(
        "BAD_REQUEST",
        `The bundle has no secret named "${name}" to map`,
        `secrets.${name}`,
      );
  const parsed = ZBenchmarkDefinition.safeParse(fillDefinitionSecrets(snapshot.definition, rename));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = ["bundle", "definition", "snapshot", "definition", ...issue.path].join(".");
    throw new DomainError("BAD_REQUEST", `${field}: ${issue.message}`, field);
  }
  return parsed.data;
}

/**
 * What an import stores, from a parsed bundle: a read-only run of source `import` (no benchmark
 * or cluster here; it names the ones it was measured with), its trials, samples, verdict records
 * and the noise calibration its report used, its secret placeholders mapped to workspace secrets.
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
    definition: unmasked(bundle, bundle.definition.snapshot, input.secrets),
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
