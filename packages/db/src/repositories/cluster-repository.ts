import {
  isOptionalPermission,
  ZClusterCaps,
  type TClusterCaps,
  type TClusterValidation,
  type TClusterView,
  type TMeshDetection,
  type TNodeInventory,
} from "@meshbench/contracts";
import type { Database } from "../client";
import type { Prisma } from "../generated/prisma/client";

/** Everything but the sealed kubeconfig: that never leaves this repository except via getSecret. */
const viewSelect = {
  id: true,
  name: true,
  authMode: true,
  context: true,
  status: true,
  statusMessage: true,
  serverVersion: true,
  nodes: true,
  detectedMeshes: true,
  prometheusUrl: true,
  caps: true,
  lastCheckedAt: true,
  createdAt: true,
} satisfies Prisma.ClusterSelect;

type ViewRow = Prisma.ClusterGetPayload<{ select: typeof viewSelect }>;

function toView(row: ViewRow): TClusterView {
  return {
    ...row,
    nodes: (row.nodes ?? null) as TNodeInventory | null,
    detectedMeshes: (row.detectedMeshes ?? null) as TMeshDetection | null,
    // Written only through setCaps (checked); a row that does not parse has no caps.
    caps: ZClusterCaps.safeParse(row.caps).data ?? {},
  };
}

export type ClusterCheck = {
  validation: TClusterValidation;
  detection: TMeshDetection | null;
  at: Date;
};

/** ready / unreachable / forbidden from a validation report (optional permissions aside). */
function statusOf(v: TClusterValidation) {
  if (!v.reachable) return { status: "unreachable" as const, statusMessage: v.error };
  const required = v.permissions.filter(
    (p) => !p.allowed && !isOptionalPermission(p) && p.subresource !== "proxy",
  );
  if (required.length)
    return {
      status: "forbidden" as const,
      statusMessage: `Missing permissions: ${v.missing.join("; ")}`,
    };
  return {
    status: "ready" as const,
    statusMessage: v.missing.length ? `Optional: ${v.missing.join("; ")}` : null,
  };
}

function checkData(check: ClusterCheck) {
  return {
    ...statusOf(check.validation),
    serverVersion: check.validation.serverVersion,
    nodes: (check.validation.nodes ?? undefined) as Prisma.InputJsonValue | undefined,
    ...(check.detection ? { detectedMeshes: check.detection as Prisma.InputJsonValue } : {}),
    lastCheckedAt: check.at,
  };
}

export function createClusterRepository(db: Database) {
  return {
    async list(workspaceId: string) {
      const rows = await db.cluster.findMany({
        where: { workspaceId },
        orderBy: { name: "asc" },
        select: viewSelect,
      });
      return rows.map(toView);
    },

    async get(workspaceId: string, clusterId: string) {
      const row = await db.cluster.findFirst({
        where: { id: clusterId, workspaceId },
        select: viewSelect,
      });
      return row ? toView(row) : null;
    },

    async getByName(workspaceId: string, name: string) {
      const row = await db.cluster.findUnique({
        where: { workspaceId_name: { workspaceId, name } },
        select: viewSelect,
      });
      return row ? toView(row) : null;
    },

    /** Replaces the cluster's caps; false when no such cluster in the workspace. */
    async setCaps(workspaceId: string, clusterId: string, caps: TClusterCaps) {
      const { count } = await db.cluster.updateMany({
        where: { id: clusterId, workspaceId },
        data: { caps: caps as Prisma.InputJsonValue },
      });
      return count > 0;
    },

    /** Runs queued or running on the cluster (what its concurrent-runs cap counts). */
    async nameTaken(workspaceId: string, name: string) {
      return (await db.cluster.count({ where: { workspaceId, name } })) > 0;
    },

    async create(
      workspaceId: string,
      input: {
        name: string;
        authMode: "kubeconfig" | "in_cluster";
        sealed: { ciphertext: Buffer; keyId: string } | null;
        context: string | null;
        prometheusUrl: string | null;
        check: ClusterCheck;
      },
    ) {
      const row = await db.cluster.create({
        data: {
          workspaceId,
          name: input.name,
          authMode: input.authMode,
          kubeconfigCiphertext: input.sealed ? new Uint8Array(input.sealed.ciphertext) : null,
          kubeconfigKeyId: input.sealed?.keyId ?? null,
          context: input.context,
          prometheusUrl: input.prometheusUrl,
          ...checkData(input.check),
        },
        select: viewSelect,
      });
      return toView(row);
    },

    async recordCheck(workspaceId: string, clusterId: string, check: ClusterCheck) {
      await db.cluster.updateMany({
        where: { id: clusterId, workspaceId },
        data: checkData(check),
      });
    },

    /** The stored credentials were refused when opened: say so, and that nothing connected. */
    async recordRefusal(workspaceId: string, clusterId: string, message: string) {
      await db.cluster.updateMany({
        where: { id: clusterId, workspaceId },
        data: { status: "refused", statusMessage: message },
      });
    },

    async recordDetection(workspaceId: string, clusterId: string, detection: TMeshDetection) {
      await db.cluster.updateMany({
        where: { id: clusterId, workspaceId },
        data: { detectedMeshes: detection },
      });
    },

    /** The sealed credentials, for the services that connect (never for API responses). */
    async getSecret(workspaceId: string, clusterId: string) {
      return db.cluster.findFirst({
        where: { id: clusterId, workspaceId },
        select: {
          id: true,
          name: true,
          authMode: true,
          kubeconfigCiphertext: true,
          kubeconfigKeyId: true,
          context: true,
          prometheusUrl: true,
          detectedMeshes: true,
        },
      });
    },

    async reseal(
      workspaceId: string,
      clusterId: string,
      sealed: { ciphertext: Buffer; keyId: string },
    ) {
      await db.cluster.updateMany({
        where: { id: clusterId, workspaceId },
        data: {
          kubeconfigCiphertext: new Uint8Array(sealed.ciphertext),
          kubeconfigKeyId: sealed.keyId,
        },
      });
    },

    /**
     * New credentials for a registered cluster (update credentials): the kubeconfig, its context
     * and the check made with it, in one write; the cluster keeps its id and everything hanging
     * off it. An in-cluster cluster becomes a kubeconfig one. False when it is not in the workspace.
     */
    async replaceCredentials(
      workspaceId: string,
      clusterId: string,
      input: {
        sealed: { ciphertext: Buffer; keyId: string };
        context: string | null;
        check: ClusterCheck;
      },
    ) {
      const { count } = await db.cluster.updateMany({
        where: { id: clusterId, workspaceId },
        data: {
          authMode: "kubeconfig",
          kubeconfigCiphertext: new Uint8Array(input.sealed.ciphertext),
          kubeconfigKeyId: input.sealed.keyId,
          context: input.context,
          ...checkData(input.check),
        },
      });
      return count > 0;
    },

    /**
     * Every registered cluster of every workspace: only for the worker's orphan sweeper, which
     * cleans up after runs of any workspace (each cluster is then opened within its workspace).
     */
    async listEveryWorkspace() {
      const rows = await db.cluster.findMany({ select: { id: true, workspaceId: true } });
      return rows.map((r) => ({ clusterId: r.id, workspaceId: r.workspaceId }));
    },

    async delete(workspaceId: string, clusterId: string) {
      const { count } = await db.cluster.deleteMany({ where: { id: clusterId, workspaceId } });
      return count > 0;
    },
  };
}

export type ClusterRepository = ReturnType<typeof createClusterRepository>;
