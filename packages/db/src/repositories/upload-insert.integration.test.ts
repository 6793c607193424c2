import { trialKey } from "@meshbench/core";
import { importResult } from "@meshbench/formats";
import { readFixture } from "@meshbench/testing/fixtures";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { describe, expect, it } from "vitest";
import { createPrismaClient } from "../client";
import { createRunRepository } from "./run-repository";
import { createUploadRepository } from "./upload-repository";
import { createWorkspaceRepository } from "./workspace-repository";

const NUL = "\u0000";
const coordinates = (repetition: number) => ({
  variant: `base${NUL}line`,
  requestedQps: null,
  connections: 8,
  payloadBytes: 0,
  protocol: "http1" as const,
  keepAlive: true,
  repetition,
});

describe("the one-statement upload insert (real database)", () => {
  const db = useTestDatabase(createPrismaClient);

  it("stores what the run repository reads back: every trial, its histogram bit for bit, NULs stripped", async () => {
    const ws = await createWorkspaceRepository(db()).ensure("raw-upload", "Raw");
    const result = importResult(
      readFixture("fortio/matrix/baseline-qps1000-c8-rep1.json"),
      "fortio",
    );
    const trials = [1, 2].map((rep) => ({
      key: trialKey(coordinates(rep)),
      coordinates: coordinates(rep),
      sequence: rep,
      result: { ...result, labels: `hostile${NUL}label` },
      validityFlags: [],
    }));
    const { runId } = await createUploadRepository(db()).createUploadRun(ws.id, {
      benchmarkKey: "raw",
      title: `upload ${NUL}title`,
      labels: { [`k${NUL}`]: `v${NUL}` },
      git: { branch: `main${NUL}` },
      environment: { uploadedVia: "api" },
      trials,
    });
    const run = await createRunRepository(db()).get(ws.id, runId);
    expect(run).not.toBeNull();
    expect(run!).toMatchObject({
      title: "upload title",
      status: "succeeded",
      source: "ci_upload",
      trialsTotal: 2,
      trialsDone: 2,
      gitBranch: "main",
      labels: { k: "v" },
    });
    expect(run!.trials.map((t) => [t.key, t.variant, t.requestedQps, t.status])).toEqual(
      trials.map((t) => [t.key.replaceAll(NUL, ""), "baseline", null, "succeeded"]),
    );
    for (const t of run!.trials) {
      expect(t.histogram).toEqual(result.histogram);
      expect(t.summary).toEqual(result.summary);
      expect(t.requestCount).toBe(result.requestCount);
    }
    const meta = await db().trial.findFirstOrThrow({ where: { runId }, select: { meta: true } });
    expect(JSON.stringify(meta)).not.toContain("\\u0000");
  });

  it("writes nothing when a trial cannot be stored (one statement, all or nothing)", async () => {
    const ws = await createWorkspaceRepository(db()).ensure("raw-upload-2", "Raw 2");
    const result = importResult(
      readFixture("fortio/matrix/baseline-qps1000-c8-rep1.json"),
      "fortio",
    );
    const twin = {
      key: "same",
      coordinates: coordinates(1),
      sequence: 1,
      result,
      validityFlags: [],
    };
    await expect(
      createUploadRepository(db()).createUploadRun(ws.id, {
        benchmarkKey: "raw",
        title: "twins",
        labels: {},
        git: {},
        environment: {},
        trials: [twin, { ...twin, sequence: 2 }],
      }),
    ).rejects.toThrow();
    expect(await db().run.count({ where: { workspaceId: ws.id } })).toBe(0);
    expect(await db().trial.count({ where: { run: { workspaceId: ws.id } } })).toBe(0);
  });
});
