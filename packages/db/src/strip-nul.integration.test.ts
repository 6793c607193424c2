import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { trialKey } from "@meshbench/core";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { describe, expect, it } from "vitest";
import { createPrismaClient } from "./client";
import { createRunExecutionRepository } from "./repositories/run-execution-repository";
import { createWorkspaceRepository } from "./repositories/workspace-repository";
import { withoutNul } from "./strip-nul";

const NUL = "\u0000";

describe("withoutNul", () => {
  it("strips NUL from strings, keys and nested values, and copies nothing that is clean", () => {
    expect(withoutNul({ [`k${NUL}`]: [`a${NUL}b`, 1, { c: `${NUL}` }], d: null })).toEqual({
      k: ["ab", 1, { c: "" }],
      d: null,
    });
    const clean = { a: ["x", { b: 1 }], when: new Date(0) };
    expect(withoutNul(clean)).toBe(clean);
  });

  it("leaves bytes, dates and class instances alone", () => {
    const bytes = new Uint8Array([0, 1, 0]);
    expect(withoutNul({ bytes }).bytes).toBe(bytes);
  });
});

describe("every write to Postgres drops NUL (text from clusters, pods and documents)", () => {
  const db = useTestDatabase(createPrismaClient);

  it("stores a worker's trial failure, run error and environment that carry NULs", async () => {
    const ws = await createWorkspaceRepository(db()).ensure("nul-worker", "NUL");
    const benchmark = await db().benchmark.create({
      data: {
        workspaceId: ws.id,
        key: "nul",
        name: "nul",
        target: {},
        variants: [],
        loadMatrix: {},
        methodology: {},
      },
    });
    const cluster = await db().cluster.create({
      data: {
        workspaceId: ws.id,
        name: "nul",
        status: "unreachable",
        // as a tenant's apiserver or a pod log might put it
        statusMessage: `dial tcp: ${NUL}reset`,
        // ciphertext is binary: its zero bytes are data, not text
        kubeconfigCiphertext: new Uint8Array([0, 42, 0]),
      },
    });
    expect(cluster.statusMessage).toBe("dial tcp: reset");
    expect([...cluster.kubeconfigCiphertext!]).toEqual([0, 42, 0]);

    const runs = createRunExecutionRepository(db());
    const runId = await runs.createScheduled(
      ws.id,
      {
        benchmarkId: benchmark.id,
        clusterId: cluster.id,
        title: `scheduled${NUL}`,
        trialsTotal: 1,
        definition: ZBenchmarkDefinition.parse({
          key: "nul",
          name: `snapshot${NUL}`,
          target: { kind: "fortio-echo" },
          variants: [{ name: "baseline", mesh: "baseline" }],
          loadMatrix: { qps: [10], connections: [1] },
        }),
      },
      () => {},
    );
    await runs.claim(ws.id, runId);
    await runs.setEnvironment(ws.id, runId, { [`node${NUL}`]: { kernel: `6.1${NUL}` } });
    const coordinates = {
      variant: "baseline",
      requestedQps: 10,
      connections: 1,
      payloadBytes: 0,
      protocol: "http1" as const,
      keepAlive: true,
      repetition: 1,
    };
    await runs.markTrial(ws.id, runId, {
      key: trialKey(coordinates),
      coordinates,
      sequence: 1,
      status: "failed",
      failureReason: `fortio exited: ${NUL}${NUL}bad output`,
    });
    await runs.finish(ws.id, runId, "failed", `every trial failed${NUL}`);

    const run = await db().run.findUniqueOrThrow({
      where: { id: runId },
      include: { trials: true },
    });
    expect(run).toMatchObject({
      title: "scheduled",
      status: "failed",
      error: "every trial failed",
      environment: { node: { kernel: "6.1" } },
    });
    expect(run.trials[0]!.failureReason).toBe("fortio exited: bad output");
  });
});
