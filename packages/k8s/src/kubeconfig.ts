import { KubeConfig } from "@kubernetes/client-node";
import { DomainError, type TKubeconfigContexts } from "@meshbench/contracts";

/** Parses uploaded kubeconfig text; never echoes its content in errors (it holds credentials). */
export function parseKubeconfig(text: string): KubeConfig {
  const kc = new KubeConfig();
  try {
    kc.loadFromString(text);
  } catch {
    throw new DomainError(
      "BAD_REQUEST",
      "Not a valid kubeconfig (YAML or JSON)",
      "auth.kubeconfig",
    );
  }
  if (kc.getContexts().length === 0) {
    throw new DomainError("BAD_REQUEST", "The kubeconfig has no contexts", "auth.kubeconfig");
  }
  return kc;
}

export function listContexts(kc: KubeConfig): TKubeconfigContexts {
  return {
    contexts: kc.getContexts().map((c) => ({
      name: c.name,
      cluster: c.cluster,
      user: c.user,
      server: kc.getCluster(c.cluster)?.server ?? "",
    })),
    currentContext: kc.getCurrentContext() || null,
  };
}

/**
 * Picks the context to use: the requested one, or the only one. With several and none chosen
 * the user must choose (the error lists the choices).
 */
export function selectContext(kc: KubeConfig, requested: string | undefined | null): string {
  const names = kc.getContexts().map((c) => c.name);
  if (requested) {
    if (!names.includes(requested))
      throw new DomainError("BAD_REQUEST", `No context named "${requested}"`, "auth.context");
    return requested;
  }
  if (names.length === 1) return names[0]!;
  throw new DomainError("BAD_REQUEST", `Choose a context: ${names.join(", ")}`, "auth.context");
}

/** A KubeConfig reduced to one context (so the adapter cannot wander to another cluster). */
export function kubeConfigFor(text: string, context: string | null | undefined): KubeConfig {
  const kc = parseKubeconfig(text);
  kc.setCurrentContext(selectContext(kc, context));
  return kc;
}

export function inClusterKubeConfig(): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromCluster();
  return kc;
}
