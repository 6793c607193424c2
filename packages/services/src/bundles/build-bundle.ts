import {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  DomainError,
  isRunActive,
  ZEnvironmentFingerprint,
  ZRunBundle,
  type TBundleNoiseCalibration,
  type TRunBundle,
  type TVerdictRecord,
} from "@meshbench/contracts";
import {
  maskDefinitionSecrets,
  reportView,
  sanitizeEnvironment,
  secretNamesOf,
} from "@meshbench/core";
import type { RunRecord, TrialSampleRow } from "@meshbench/db";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type BundleParts = {
  run: RunRecord;
  samples: TrialSampleRow[];
  noiseCalibration: TBundleNoiseCalibration | null;
  verdicts: TVerdictRecord[];
  exportedAt: Date;
};

/**
 * One finished run as a reproducibility bundle (contracts ZRunBundle). Nothing secret travels:
 * secret headers become `<secret:name>` placeholders (their names listed in `secrets`), the environment is what members see (no
 * credential-named keys, no token-looking values), and every text loses credentials inside URLs,
 * as the run page shows it.
 */
export function buildBundle(parts: BundleParts): TRunBundle {
  const { run } = parts;
  if (isRunActive(run.status))
    throw new DomainError(
      "PRECONDITION_FAILED",
      `The run is ${run.status}: a bundle is made of a finished run`,
      "runId",
    );
  const masked = run.definition && maskDefinitionSecrets(run.definition.definition);
  const environment = run.environment
    ? (sanitizeEnvironment(run.environment, "member") as Record<string, unknown>)
    : null;
  const fingerprint = ZEnvironmentFingerprint.safeParse(environment?.fingerprint);
  const bundle = {
    format: BUNDLE_FORMAT,
    version: BUNDLE_VERSION,
    exportedAt: parts.exportedAt.toISOString(),
    run: {
      id: run.id,
      title: run.title,
      status: run.status,
      source: run.source,
      benchmarkKey: run.benchmarkKey,
      clusterName: run.clusterName,
      trialsTotal: run.trialsTotal,
      trialsDone: run.trialsDone,
      trialsFailed: run.trialsFailed,
      git: { repo: run.gitRepo, commit: run.gitCommit, branch: run.gitBranch, pr: run.gitPr },
      labels: run.labels,
      error: run.error,
      createdAt: run.createdAt.toISOString(),
      startedAt: iso(run.startedAt),
      finishedAt: iso(run.finishedAt),
    },
    definition:
      run.definition && masked && run.definitionSource
        ? { source: run.definitionSource, snapshot: { ...run.definition, definition: masked } }
        : null,
    environment,
    fingerprint: fingerprint.success ? fingerprint.data : null,
    trials: run.trials.map(({ id: _id, ...trial }) => trial),
    samples: parts.samples.map((s) => ({ ...s, sampledAt: s.sampledAt.toISOString() })),
    noiseCalibration: parts.noiseCalibration,
    verdicts: parts.verdicts,
    secrets: masked ? secretNamesOf(masked) : [],
  };
  return ZRunBundle.parse(reportView(bundle, "member"));
}
