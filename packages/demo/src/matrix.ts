import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { RunRepository } from "@meshbench/db";
import { assessedTrial, readTrialResult } from "@meshbench/services";

/**
 * The real benchmark measured on this project's machine kind (see the fixtures README):
 * Fortio echo server, baseline vs an nginx proxy standing in for a sidecar, QPS 100/500/1000,
 * 8 connections, 5 interleaved repetitions, 100 µs histogram resolution.
 */
export const demoMatrixDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@meshbench/formats/package.json")),
  "fixtures/fortio/matrix",
);

const FILE = /^(?<variant>[a-z]+)-qps(?<qps>\d+)-c(?<c>\d+)-rep(?<rep>\d+)\.json$/;

export type DemoTrialFile = {
  /** The file's name in demoMatrixDir. */
  name: string;
  variant: string;
  qps: number;
  connections: number;
  repetition: number;
  text: string;
};

/** Every trial file of the matrix, in file-name order. */
export function readDemoMatrix(dir = demoMatrixDir): DemoTrialFile[] {
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, m: FILE.exec(name) }))
    .filter((f) => f.m?.groups)
    .map(({ name, m }) => ({
      name,
      variant: m!.groups!.variant!,
      qps: Number(m!.groups!.qps),
      connections: Number(m!.groups!.c),
      repetition: Number(m!.groups!.rep),
      text: readFileSync(path.join(dir, name), "utf8"),
    }));
}

/** The order the trials actually ran in: per repetition, per QPS, baseline then the variant. */
export function interleavedOrder(files: DemoTrialFile[]) {
  const variantRank = (v: string) => (v === "baseline" ? 0 : 1);
  return [...files].sort(
    (a, b) =>
      a.repetition - b.repetition ||
      a.qps - b.qps ||
      variantRank(a.variant) - variantRank(b.variant),
  );
}

/** Records the files as completed trials of the run, in the given order (sequence 1, 2, …). */
export async function recordDemoTrials(
  runs: Pick<RunRepository, "recordCompletedTrial">,
  workspaceId: string,
  runId: string,
  files: DemoTrialFile[],
) {
  for (const [index, file] of files.entries()) {
    const coordinates = {
      variant: file.variant,
      requestedQps: file.qps,
      connections: file.connections,
      payloadBytes: 0,
      protocol: "http1" as const,
      keepAlive: true,
      repetition: file.repetition,
    };
    const result = readTrialResult(file.text, "fortio");
    await runs.recordCompletedTrial(
      workspaceId,
      runId,
      assessedTrial(coordinates, index + 1, result),
    );
  }
}
