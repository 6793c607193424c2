import { ZBenchmarkDefinition, type TBenchmarkDefinition } from "@meshbench/contracts";

/** The two identical baselines of an A/A run: same deployment, different names. */
export const AA_VARIANTS = ["a", "a-prime"] as const;

/** The benchmark key an A/A calibration of a cluster runs under (one per cluster, reused). */
export const aaBenchmarkKey = (clusterId: string) => `aa-calibration-${clusterId.toLowerCase()}`;

/**
 * The A/A benchmark: the source benchmark's target, baseline variant, matrix and methodology with
 * two copies of its baseline (a, a-prime) and at least `repetitions` repetitions. Without a
 * source, a small matrix (100 and 500 QPS, 8 connections) against the Fortio echo server. Two
 * identical deployments differ only by the cluster's own run-to-run noise.
 */
export function aaDefinition(
  clusterId: string,
  clusterName: string,
  source: TBenchmarkDefinition | null,
  repetitions: number,
): TBenchmarkDefinition {
  const baseline =
    source?.variants.find((v) => v.mesh === "baseline") ??
    ({ name: "baseline", mesh: "baseline" } as const);
  const variants = AA_VARIANTS.map((name) => ({ ...baseline, name }));
  let target: unknown = source?.target ?? { kind: "fortio-echo" };
  if (source?.target.kind === "service-url") {
    const url = source.target.variantUrls[baseline.name] ?? source.target.url;
    target = { kind: "service-url", url, variantUrls: {} };
  }
  return ZBenchmarkDefinition.parse({
    key: aaBenchmarkKey(clusterId),
    name: `A/A calibration of ${clusterName}`.slice(0, 200),
    description: `Baseline vs an identical baseline on ${clusterName}${source ? `, as ${source.key}` : ""}: the cluster's noise floor.`,
    target,
    variants,
    loadMatrix: source?.loadMatrix ?? { qps: [100, 500], connections: [8] },
    repetitions: Math.max(repetitions, source?.repetitions ?? 0, 3),
    durationSeconds: source?.durationSeconds ?? 15,
    warmupSeconds: source?.warmupSeconds ?? 2,
    methodology: source?.methodology ?? {},
  });
}
