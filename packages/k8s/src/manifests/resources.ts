import type { V1ResourceRequirements } from "@kubernetes/client-node";
import type { TResourceSpec } from "@meshbench/contracts";

export function toResourceRequirements(
  spec: TResourceSpec | undefined,
): V1ResourceRequirements | undefined {
  if (!spec) return undefined;
  const pick = (o: { cpu?: string | undefined; memory?: string | undefined }) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
  return { requests: pick(spec.requests), limits: pick(spec.limits) };
}

/** Sidecar sizing through the injectors' own pod annotations. */
export function sidecarResourceAnnotations(
  spec: TResourceSpec | undefined,
): Record<string, string> {
  if (!spec) return {};
  const out: Record<string, string> = {};
  const set = (k: string, v: string | undefined) => {
    if (v) out[k] = v;
  };
  set("sidecar.istio.io/proxyCPU", spec.requests.cpu);
  set("sidecar.istio.io/proxyMemory", spec.requests.memory);
  set("sidecar.istio.io/proxyCPULimit", spec.limits.cpu);
  set("sidecar.istio.io/proxyMemoryLimit", spec.limits.memory);
  set("config.linkerd.io/proxy-cpu-request", spec.requests.cpu);
  set("config.linkerd.io/proxy-memory-request", spec.requests.memory);
  set("config.linkerd.io/proxy-cpu-limit", spec.limits.cpu);
  set("config.linkerd.io/proxy-memory-limit", spec.limits.memory);
  return out;
}
