import type { RunRepository } from "@meshbench/db";
import { readFixture } from "@meshbench/testing/fixtures";
import { assessedTrial, readTrialResult } from "../results/record-trial";

/** One trial to record: which real Fortio result of the demo matrix, under which coordinates. */
export type FixtureTrial = {
  variant: string;
  /** The file's variant in packages/formats/fixtures/fortio/matrix (baseline or nginx). */
  file: "baseline" | "nginx";
  qps: 100 | 500 | 1000;
  /** The file's repetition (1–5). */
  fileRep: number;
  repetition: number;
};

/** Records real Fortio results as completed trials of a run, in order, then marks it succeeded. */
export async function recordFixtureRun(
  runs: RunRepository,
  workspaceId: string,
  runId: string,
  trials: FixtureTrial[],
) {
  for (const [i, t] of trials.entries()) {
    const text = readFixture(`fortio/matrix/${t.file}-qps${t.qps}-c8-rep${t.fileRep}.json`);
    const coordinates = {
      variant: t.variant,
      requestedQps: t.qps,
      connections: 8,
      payloadBytes: 0,
      protocol: "http1" as const,
      keepAlive: true,
      repetition: t.repetition,
    };
    await runs.recordCompletedTrial(
      workspaceId,
      runId,
      assessedTrial(coordinates, i + 1, readTrialResult(text, "fortio")),
    );
  }
  await runs.refreshProgress(workspaceId, runId);
  await runs.setStatus(workspaceId, runId, "succeeded");
}

/** `variant` at `qps` from the given file repetitions, numbered 1, 2, … */
export const reps = (
  variant: string,
  file: FixtureTrial["file"],
  qps: FixtureTrial["qps"],
  fileReps: number[],
): FixtureTrial[] =>
  fileReps.map((fileRep, i) => ({ variant, file, qps, fileRep, repetition: i + 1 }));
