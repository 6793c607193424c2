import type { TExportFile, TRunDetail } from "@meshbench/contracts";
import { exportSmpJson } from "@meshbench/formats";
import { slugify } from "./export";
import { countingTrials, trialResultOf } from "@meshbench/core";

/** SMP PerformanceTestResult JSON for every trial that counts (formats' exporter does the mapping). */
export function smpExport(run: TRunDetail): TExportFile {
  const results = countingTrials(run.trials).map((t) => ({
    trial: t.key,
    variant: t.variant,
    result: JSON.parse(exportSmpJson(trialResultOf(t), { id: t.key })) as unknown,
  }));
  return {
    filename: `meshbench-${slugify(run.title)}-${run.id}-smp.json`,
    contentType: "application/json",
    body: JSON.stringify({ run: { id: run.id, title: run.title }, results }, null, 2),
  };
}
