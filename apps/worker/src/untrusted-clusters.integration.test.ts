/**
 * A kubeconfig stored before today's rules (inserted straight into the database, as an old row
 * would be) carries an exec plugin that would write a marker file and a token-file pointing at
 * /etc/passwd. Opened by the web app's paths (validate, detection), by the worker (a run) and by
 * the sweeper: nothing runs, nothing is read, the cluster shows "refused" with what to do, and
 * the run fails with that reason. A sweep with one hanging cluster still sweeps the others.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DomainError, ZBenchmarkDefinition } from "@meshbench/contracts";
import { createPrismaClient, type Database } from "@meshbench/db";
import { createServices, localDevVaultKeys, SecretVault, type Services } from "@meshbench/services";
import { createTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepEveryCluster } from "./sweeper";
import { kwokClusterRules } from "./test-support/cluster-rules";

const dir = mkdtempSync(path.join(tmpdir(), "mb-hostile-"));
const marker = path.join(dir, "pwned");

const hostileKubeconfig = (server: string) =>
  JSON.stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: [{ name: "c", cluster: { server, "insecure-skip-tls-verify": true } }],
    users: [
      {
        name: "u",
        user: {
          exec: {
            apiVersion: "client.authentication.k8s.io/v1",
            command: "sh",
            args: ["-c", `id > ${marker}; echo LEAK >&2; exit 1`],
          },
          "token-file": "/etc/passwd",
        },
      },
    ],
    contexts: [{ name: "x", context: { cluster: "c", user: "u" } }],
    "current-context": "x",
  });

describe("stored kubeconfigs that break today's rules", () => {
  let db: Database;
  let drop: () => Promise<void>;
  let services: Services;
  let workspaceId: string;
  let clusterId: string;
  let listener: Server;
  let connections = 0;

  beforeAll(async () => {
    const test = await createTestDatabase();
    drop = test.drop;
    db = createPrismaClient(test.url);
    services = createServices(db, { clusterRules: kwokClusterRules() });
    // A loopback listener as the kubeconfig's server: nothing may reach it either.
    listener = createServer((s) => {
      connections += 1;
      s.destroy();
    });
    await new Promise<void>((r) => listener.listen(0, "127.0.0.1", r));
    const port = (listener.address() as { port: number }).port;
    workspaceId = (await db.workspace.create({ data: { slug: "old", name: "old" } })).id;
    const sealed = new SecretVault(localDevVaultKeys()).seal(
      { workspaceId, purpose: "kubeconfig", name: "legacy" },
      hostileKubeconfig(`http://127.0.0.1:${port}`),
    );
    clusterId = (
      await db.cluster.create({
        data: {
          workspaceId,
          name: "legacy",
          authMode: "kubeconfig",
          kubeconfigCiphertext: new Uint8Array(sealed.ciphertext),
          kubeconfigKeyId: sealed.keyId,
          status: "ready",
        },
      })
    ).id;
  });
  afterAll(async () => {
    await new Promise((r) => listener.close(r));
    await db.$disconnect();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const expectNothingHappened = async () => {
    expect(existsSync(marker)).toBe(false);
    expect(connections).toBe(0);
    const cluster = await services.clusters.get(workspaceId, clusterId);
    expect(cluster.status).toBe("refused");
    expect(cluster.statusMessage).toMatch(
      /no longer accepted \(users\[0\]\.user\.exec: exec credential plugins .*\): update the cluster's credentials/,
    );
    expect(cluster.statusMessage).not.toMatch(/LEAK|root:x|uid=/);
  };

  it("the web app's validate and detection refuse it", async () => {
    const actor = { actorUserId: null, actorTokenId: null };
    for (const open of [
      () => services.clusters.validate(workspaceId, clusterId, actor),
      () => services.clusters.refreshDetection(workspaceId, clusterId),
    ]) {
      const error = await open().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("PRECONDITION_FAILED");
    }
    await expectNothingHappened();
  });

  it("the worker fails a run on it with the reason", async () => {
    const bench = await services.benchmarks.create(
      workspaceId,
      ZBenchmarkDefinition.parse({
        key: "b",
        name: "b",
        target: { kind: "fortio-echo" },
        variants: [{ name: "baseline", mesh: "baseline" }],
        loadMatrix: { qps: [10], connections: [1] },
      }),
    );
    const run = await db.run.create({
      data: {
        workspaceId,
        benchmarkId: bench.id,
        clusterId,
        title: "b",
        status: "queued",
        source: "scheduled",
      },
    });
    expect(await services.execution.claim(workspaceId, run.id)).toBeNull();
    const after = await db.run.findUniqueOrThrow({ where: { id: run.id } });
    expect(after.status).toBe("failed");
    expect(after.error).toMatch(/^cluster not opened: The stored kubeconfig is no longer accepted/);
    await expectNothingHappened();
  });

  it("the sweeper skips it, and a hanging cluster does not stall the sweep of the others", async () => {
    const logs: string[] = [];
    const swept: string[] = [];
    const hanging = { workspaceId, clusterId: "hangs" };
    const healthy = { workspaceId, clusterId: "healthy" };
    const access: Parameters<typeof sweepEveryCluster>[0] = {
      listEveryWorkspace: () => Promise.resolve([{ workspaceId, clusterId }, hanging, healthy]),
      open: (ws, id) => {
        if (id === "hangs") return new Promise(() => {});
        if (id === "healthy") {
          swept.push(id);
          return Promise.resolve({
            sealed: {} as never,
            gateway: { listRunNamespaces: () => Promise.resolve([]) } as never,
          });
        }
        return services.clusterAccess.open(ws, id);
      },
    };
    const started = Date.now();
    await sweepEveryCluster(access, services.execution, (m) => logs.push(m), {
      perClusterTimeoutMs: 500,
      concurrency: 1,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(swept).toEqual(["healthy"]);
    expect(logs).toEqual([
      `sweeper skipped cluster ${clusterId}: unreachable or refused`,
      "sweeper skipped cluster hangs: no answer in 0.5 s",
    ]);
    await expectNothingHappened();
  });
});
