import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "./stack";

export const matrixDir = path.join(repoRoot, "packages/formats/fixtures/fortio/matrix");
const FILE = /^(?<variant>[a-z]+)-qps(?<qps>\d+)-c(?<c>\d+)-rep(?<rep>\d+)\.json$/;

export type MatrixFile = {
  name: string;
  variant: string;
  qps: number;
  repetition: number;
  text: string;
};

/** The real measured matrix (baseline and nginx × QPS 100/500/1000 × 5 repetitions). */
export function readMatrix(): MatrixFile[] {
  return readdirSync(matrixDir)
    .sort()
    .flatMap((name) => {
      const g = FILE.exec(name)?.groups;
      if (!g) return [];
      const text = readFileSync(path.join(matrixDir, name), "utf8");
      return [{ name, variant: g.variant!, qps: Number(g.qps), repetition: Number(g.rep), text }];
    });
}

export const VARIANTS = ["baseline", "nginx", "istio", "linkerd", "cilium"] as const;
export const QPS = [100, 500, 1000, 2000] as const;
export const REPETITIONS = 5;

/**
 * 5 variants × 4 QPS × 5 repetitions = 100 trials, relabelled from the real files: odd variants
 * take nginx's measurements, even ones baseline's; QPS 2000 reuses the 1000 QPS files.
 */
export function syntheticRunTrials(files: MatrixFile[]) {
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
