import type { DemoTrialFile } from "@meshbench/demo";

export const VARIANTS = ["baseline", "nginx", "istio", "linkerd", "cilium"] as const;
export const QPS = [100, 500, 1000, 2000] as const;
export const REPETITIONS = 5;

/**
 * 5 variants × 4 QPS × 5 repetitions = 100 trials, relabelled from the real files: odd variants
 * take nginx's measurements, even ones baseline's; QPS 2000 reuses the 1000 QPS files.
 */
export function syntheticRunTrials(files: DemoTrialFile[]) {
  const find = (variant: string, qps: number, repetition: number) => {
    const f = files.find(
      (x) => x.variant === variant && x.qps === qps && x.repetition === repetition,
    );
    if (!f) throw new Error(`matrix file missing: ${variant} ${qps} rep ${repetition}`);
    return f;
  };
  return VARIANTS.flatMap((variant, v) =>
    QPS.flatMap((qps) =>
      Array.from({ length: REPETITIONS }, (_, r) => {
        const source = find(v % 2 === 0 ? "baseline" : "nginx", Math.min(qps, 1000), r + 1);
        return {
          format: "fortio" as const,
          result: source.text,
          variant,
          requestedQps: qps,
          connections: 8,
          repetition: r + 1,
        };
      }),
    ),
  );
}
