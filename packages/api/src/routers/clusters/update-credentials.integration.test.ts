import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";
import { buildMatrix } from "../../test-support/matrix-fixtures";

/** "Update credentials": a rotated token replaces the sealed kubeconfig, nothing else changes. */
describe("clusters.updateCredentials", () => {
  const db = useTestDatabase(createPrismaClient);
  let matrix: Awaited<ReturnType<typeof buildMatrix>>;
  const dir = mkdtempSync(path.join(tmpdir(), "mb-credentials-"));
  const as = (actor: Actor) => createCaller({ services: matrix.fixtures.services, actor });

  beforeAll(async () => {
    matrix = await buildMatrix(db());
  });
  afterAll(async () => {
    await matrix?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A cluster of A registered with credentials that reach nothing (status "unreachable"). */
  async function staleCluster() {
    const { fixtures, callers } = matrix;
    const { cluster } = await as(callers.aAdmin).clusters.register({
      name: `rotated ${fixtures.unique()}`,
      auth: { mode: "kubeconfig", kubeconfig: fixtures.kubeconfig.unreachable },
    });
    expect(cluster.status).toBe("unreachable");
    const calibrationRun = await db().run.create({
      data: { workspaceId: fixtures.a.workspaceId, title: "A/A", source: "scheduled" },
    });
    const calibration = await db().noiseCalibration.create({
      data: {
        workspaceId: fixtures.a.workspaceId,
        clusterId: cluster.id,
        runId: calibrationRun.id,
        levelsCalibrated: 1,
      },
    });
    return { cluster, calibrationId: calibration.id };
  }
  const sealedOf = (clusterId: string) =>
    db().cluster.findUniqueOrThrow({
      where: { id: clusterId },
      select: { kubeconfigCiphertext: true, kubeconfigKeyId: true, status: true, context: true },
    });

  it("keeps the cluster's id and calibrations, re-validates with the new kubeconfig, and audits it", async () => {
    const { fixtures, callers } = matrix;
    const { cluster, calibrationId } = await staleCluster();
    const before = await sealedOf(cluster.id);
    const clustersOfA = () =>
      db().cluster.count({ where: { workspaceId: fixtures.a.workspaceId } });
    const countBefore = await clustersOfA();

    const out = await as(callers.aAdmin).clusters.updateCredentials({
      clusterId: cluster.id,
      kubeconfig: fixtures.kubeconfig.reachable,
    });
    expect(out.cluster).toMatchObject({ id: cluster.id, name: cluster.name, status: "ready" });
    expect(out.cluster.serverVersion).toBe("v1.33.0-fake");
    expect(out.validation).toMatchObject({ reachable: true, missing: [] });
    expect(JSON.stringify(out)).not.toContain("matrix-token");

    const after = await sealedOf(cluster.id);
    expect(Buffer.from(after.kubeconfigCiphertext!)).not.toEqual(
      Buffer.from(before.kubeconfigCiphertext!),
    );
    expect(after.context).toBe("matrix");
    // The stored kubeconfig is the new one: re-validating (which opens it) stays ready.
    const again = await as(callers.aAdmin).clusters.validate({ clusterId: cluster.id });
    expect(again.validation.reachable).toBe(true);
    expect(await db().noiseCalibration.findUnique({ where: { id: calibrationId } })).toMatchObject({
      clusterId: cluster.id,
    });
    expect(await clustersOfA()).toBe(countBefore);

    const events = await db().auditEvent.findMany({
      where: { targetId: cluster.id, action: "cluster.credentials_updated" },
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorUserId: callers.aAdmin.userId,
      actorTokenId: null,
      metadata: { name: cluster.name, context: "matrix", status: "ready" },
    });
    expect(JSON.stringify(events)).not.toContain("matrix-token");
  });

  it("is audited with the token's id when a clusters:write token calls it", async () => {
    const { fixtures, callers } = matrix;
    const { cluster } = await staleCluster();
    await as(callers.aClustersToken).clusters.updateCredentials({
      clusterId: cluster.id,
      kubeconfig: fixtures.kubeconfig.reachable,
    });
    const event = await db().auditEvent.findFirstOrThrow({
      where: { targetId: cluster.id, action: "cluster.credentials_updated" },
    });
    expect(event).toMatchObject({
      actorUserId: null,
      actorTokenId: callers.aClustersToken.tokenId,
    });
  });

  it("refuses members and CI tokens with FORBIDDEN, changing nothing", async () => {
    const { fixtures, callers } = matrix;
    const { cluster } = await staleCluster();
    const before = await sealedOf(cluster.id);
    for (const who of [callers.aMember, callers.aCiToken, callers.aReadToken]) {
      await expect(
        as(who).clusters.updateCredentials({
          clusterId: cluster.id,
          kubeconfig: fixtures.kubeconfig.reachable,
        }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await sealedOf(cluster.id)).toEqual(before);
  });

  it("names the field of a kubeconfig that is not one, and of an unknown context", async () => {
    const { fixtures, callers } = matrix;
    const { cluster } = await staleCluster();
    const admin = as(callers.aAdmin);
    await expect(
      admin.clusters.updateCredentials({ clusterId: cluster.id, kubeconfig: "clusters: [nope" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", cause: { field: "kubeconfig" } });
    await expect(
      admin.clusters.updateCredentials({
        clusterId: cluster.id,
        kubeconfig: fixtures.kubeconfig.reachable,
        context: "elsewhere",
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", cause: { field: "context" } });
    await expect(
      admin.clusters.updateCredentials({
        clusterId: "nosuchcluster",
        kubeconfig: fixtures.kubeconfig.reachable,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  // Depends on the kubeconfig checker (issue 20): until it refuses `exec`, client-node runs it.
  it("refuses a kubeconfig with an exec plugin with BAD_REQUEST, running nothing", async () => {
    const { callers } = matrix;
    const { cluster } = await staleCluster();
    const before = await sealedOf(cluster.id);
    const marker = path.join(dir, "exec-ran");
    const hostile = JSON.stringify({
      apiVersion: "v1",
      kind: "Config",
      clusters: [{ name: "c", cluster: { server: "https://127.0.0.1:1" } }],
      users: [
        {
          name: "u",
          user: {
            exec: {
              apiVersion: "client.authentication.k8s.io/v1",
              command: "sh",
              args: ["-c", `touch ${marker}; echo LEAK >&2; exit 1`],
            },
          },
        },
      ],
      contexts: [{ name: "x", context: { cluster: "c", user: "u" } }],
      "current-context": "x",
    });
    await expect(
      as(callers.aAdmin).clusters.updateCredentials({ clusterId: cluster.id, kubeconfig: hostile }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(existsSync(marker)).toBe(false);
    expect(await sealedOf(cluster.id)).toEqual(before);
  });
});
