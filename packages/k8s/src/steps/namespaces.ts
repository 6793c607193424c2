import type { TVariant } from "@meshbench/contracts";
import { statusCode } from "../cluster/kube-apis";
import { LABELS, MANAGED_BY } from "../manifests/labels";
import { buildVariantNamespace } from "../manifests/namespace";
import { call, createOrKeep, type Kube } from "./kube";

const managedSelector = `${LABELS.managedBy}=${MANAGED_BY}`;

/** The variant's namespace (kept when it exists: a resumed run); returns its name. */
export async function ensureNamespace(k: Kube, runId: string, variant: TVariant) {
  const body = buildVariantNamespace(runId, variant);
  const name = body.metadata!.name!;
  await createOrKeep(() => call(k, (a) => a.core.createNamespace({ body })));
  return name;
}

/** Deletes every namespace of the run (with everything in it); returns their names. */
export async function cleanup(k: Kube, runId: string) {
  const list = await call(k, (a) =>
    a.core.listNamespace({ labelSelector: `${managedSelector},${LABELS.run}=${runId}` }),
  );
  const names = list.items.map((n) => n.metadata?.name ?? "").filter(Boolean);
  await Promise.all(
    names.map((name) =>
      call(k, (a) => a.core.deleteNamespace({ name })).catch((error: unknown) => {
        if (statusCode(error) !== 404) throw error;
      }),
    ),
  );
  return names;
}

/** Namespaces Meshbench created (not being deleted), with their run id: the sweeper's input. */
export async function listRunNamespaces(k: Kube) {
  const list = await call(k, (a) => a.core.listNamespace({ labelSelector: managedSelector }));
  return list.items
    .filter((n) => !n.metadata?.deletionTimestamp)
    .map((n) => ({
      namespace: n.metadata?.name ?? "",
      runId: n.metadata?.labels?.[LABELS.run] ?? "",
    }))
    .filter((n) => n.namespace && n.runId);
}
