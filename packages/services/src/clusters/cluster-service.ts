import {
  DomainError,
  type TClusterValidation,
  type TClusterCaps,
  type TClusterView,
  type TRegisterClusterInput,
} from "@meshbench/contracts";
import type { AuditRepository, ClusterRepository } from "@meshbench/db";
import { checkKubeconfig, listContexts, type ClusterGateway } from "@meshbench/k8s";
import { checkOutboundUrl, OutboundRefusedError } from "@meshbench/outbound";
import type { AuditActor } from "../audit/audit-service";
import { kubeconfigBinding, openSealed, type ClusterAccess } from "./cluster-access";

/** The kubeconfig checks name `auth.*` fields (registration's input); credentials have them bare. */
async function credentialFields<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof DomainError && error.field?.startsWith("auth."))
      throw new DomainError(error.code, error.message, error.field.slice("auth.".length));
    throw error;
  }
}

export type ClusterServiceDeps = {
  clusters: ClusterRepository;
  audit: AuditRepository;
  access: ClusterAccess;
};

/** Registration, validation and mesh detection of target clusters; kubeconfigs stay sealed. */
export function createClusterService({ clusters, audit, access }: ClusterServiceDeps) {
  const { vault, gatewayFor } = access;
  const check = async (gw: ClusterGateway, prometheusUrl: string | null) => {
    const validation = await gw.validate();
    const detection = validation.reachable
      ? await gw.detectMeshes({ prometheusUrl }).catch(() => null)
      : null;
    return { validation, detection, at: new Date() };
  };

  return {
    /** The contexts of a kubeconfig, checked like every kubeconfig (nothing is read or run). */
    inspectKubeconfig(text: string) {
      return listContexts(checkKubeconfig(text));
    },

    async register(
      workspaceId: string,
      input: TRegisterClusterInput,
      actor: AuditActor,
    ): Promise<{ cluster: TClusterView; validation: TClusterValidation }> {
      if (await clusters.nameTaken(workspaceId, input.name)) {
        throw new DomainError("CONFLICT", "A cluster with this name already exists", "name");
      }
      const prometheusUrl = checkPrometheusUrl(access, input.prometheusUrl ?? null);
      const connection = await access.connectNew(workspaceId, input.auth);
      const result = await check(gatewayFor(connection, { prometheusUrl }), prometheusUrl);
      const cluster = await clusters.create(workspaceId, {
        name: input.name,
        authMode: input.auth.mode,
        sealed:
          input.auth.mode === "kubeconfig"
            ? vault.seal(kubeconfigBinding(workspaceId, input.name), input.auth.kubeconfig)
            : null,
        context: connection.context,
        prometheusUrl,
        check: result,
      });
      await audit.record(workspaceId, {
        ...actor,
        action: "cluster.registered",
        targetType: "cluster",
        targetId: cluster.id,
        metadata: { name: input.name, authMode: input.auth.mode, status: cluster.status },
      });
      return { cluster, validation: result.validation };
    },

    async validate(workspaceId: string, clusterId: string, actor: AuditActor) {
      const { sealed, gateway } = await access.open(workspaceId, clusterId);
      const result = await check(gateway, sealed.prometheusUrl);
      await clusters.recordCheck(workspaceId, clusterId, result);
      // Opportunistic re-sealing once it opened fine: under the current key, and a kubeconfig
      // sealed before purposes existed under the purpose-bound scheme.
      const opened = sealed.kubeconfigCiphertext ? openSealed(vault, sealed, workspaceId) : null;
      if (opened?.stale) {
        const binding = kubeconfigBinding(workspaceId, sealed.name);
        await clusters.reseal(workspaceId, clusterId, vault.seal(binding, opened.plaintext));
        await audit.record(workspaceId, {
          ...actor,
          action: "cluster.kubeconfig_resealed",
          targetType: "cluster",
          targetId: clusterId,
          metadata: { fromKeyId: sealed.kubeconfigKeyId },
        });
      }
      const cluster = (await clusters.get(workspaceId, clusterId))!;
      // Admins and clusters:write tokens validate: audited like every clusters:write call.
      await audit.record(workspaceId, {
        ...actor,
        action: "cluster.validated",
        targetType: "cluster",
        targetId: clusterId,
        metadata: { name: cluster.name, status: cluster.status },
      });
      return { cluster, validation: result.validation };
    },

    /**
     * "Update credentials" (a rotated token): the new kubeconfig goes through the same checks as a
     * registration, and replaces the sealed one even when the check fails (the old token may be
     * revoked already); the status says what is wrong. Id, runs and calibrations stay.
     */
    async updateCredentials(
      workspaceId: string,
      clusterId: string,
      input: { kubeconfig: string; context?: string },
      actor: AuditActor,
    ): Promise<{ cluster: TClusterView; validation: TClusterValidation }> {
      const existing = await clusters.get(workspaceId, clusterId);
      if (!existing) throw new DomainError("NOT_FOUND", "Cluster not found", "clusterId");
      // The same checks as a registration: a hostile kubeconfig is refused before anything runs,
      // is read or is stored.
      const connection = await credentialFields(() =>
        access.connectNew(workspaceId, {
          mode: "kubeconfig",
          kubeconfig: input.kubeconfig,
          context: input.context,
        }),
      );
      const context = connection.context;
      const { prometheusUrl } = existing;
      const result = await check(gatewayFor(connection, { prometheusUrl }), prometheusUrl);
      const sealed = vault.seal(kubeconfigBinding(workspaceId, existing.name), input.kubeconfig);
      const stored = await clusters.replaceCredentials(workspaceId, clusterId, {
        sealed,
        context,
        check: result,
      });
      if (!stored) throw new DomainError("NOT_FOUND", "Cluster not found", "clusterId");
      const cluster = (await clusters.get(workspaceId, clusterId))!;
      await audit.record(workspaceId, {
        ...actor,
        action: "cluster.credentials_updated",
        targetType: "cluster",
        targetId: clusterId,
        metadata: { name: cluster.name, context, status: cluster.status },
      });
      return { cluster, validation: result.validation };
    },

    async refreshDetection(workspaceId: string, clusterId: string) {
      const { sealed, gateway } = await access.open(workspaceId, clusterId);
      const detection = await gateway.detectMeshes({ prometheusUrl: sealed.prometheusUrl });
      await clusters.recordDetection(workspaceId, clusterId, detection);
      return detection;
    },

    async get(workspaceId: string, clusterId: string) {
      const cluster = await clusters.get(workspaceId, clusterId);
      if (!cluster) throw new DomainError("NOT_FOUND", "Cluster not found", "clusterId");
      return cluster;
    },

    list: (workspaceId: string) => clusters.list(workspaceId),

    /**
     * Replaces what the workspace may put on the cluster (admins; the caps were checked at the
     * edge as positive whole numbers). Audited with the caps before and after.
     */
    async setCaps(
      workspaceId: string,
      clusterId: string,
      caps: TClusterCaps,
      actor: AuditActor,
    ): Promise<TClusterView> {
      const existing = await clusters.get(workspaceId, clusterId);
      if (!existing || !(await clusters.setCaps(workspaceId, clusterId, caps)))
        throw new DomainError("NOT_FOUND", "Cluster not found", "clusterId");
      await audit.record(workspaceId, {
        ...actor,
        action: "cluster.caps_set",
        targetType: "cluster",
        targetId: clusterId,
        metadata: { name: existing.name, before: existing.caps, after: caps },
      });
      return { ...existing, caps };
    },

    async delete(workspaceId: string, clusterId: string, actor: AuditActor) {
      const existing = await clusters.get(workspaceId, clusterId);
      if (!existing || !(await clusters.delete(workspaceId, clusterId)))
        throw new DomainError("NOT_FOUND", "Cluster not found", "clusterId");
      await audit.record(workspaceId, {
        ...actor,
        action: "cluster.deleted",
        targetType: "cluster",
        targetId: clusterId,
        metadata: { name: existing.name },
      });
    },
  };
}

export type ClusterService = ReturnType<typeof createClusterService>;

/**
 * A Prometheus URL is a place our processes will connect to: the outbound policy judges it now
 * (scheme, credentials, address literals) and again at every connection (names after DNS).
 */
function checkPrometheusUrl(access: ClusterAccess, url: string | null) {
  if (url === null) return null;
  try {
    return checkOutboundUrl(access.outboundPolicy(), url).href;
  } catch (error) {
    if (error instanceof OutboundRefusedError)
      throw new DomainError("BAD_REQUEST", `Prometheus URL ${error.message}`, "prometheusUrl");
    throw error;
  }
}
