import type { TRunDetail } from "@meshbench/contracts";
import { countingTrials, slugify, trialResultOf, type ExportFile } from "@meshbench/core";
import { smpResultOf } from "@meshbench/formats";

/** SMP PerformanceTestResult JSON for every trial that counts (formats' exporter does the mapping). */
export function smpExport(run: TRunDetail): ExportFile {
  const results = countingTrials(run.trials).map((t) => ({
    trial: t.key,
    variant: t.variant,
    result: smpResultOf(trialResultOf(t), { id: t.key }),
  }));
  return {
    filename: `meshbench-${slugify(run.title)}-${run.id}-smp.json`,
    contentType: "application/json",
    body: JSON.stringify({ run: { id: run.id, title: run.title }, results }, null, 2),
  };
}
