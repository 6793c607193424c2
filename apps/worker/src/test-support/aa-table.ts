import { type TTrialRecord, secondsToMs } from "@meshbench/contracts";

type Sample = { variant: string; role: string; cpuMillicores: number; memoryBytes: number };

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const ms = (s: number | null | undefined) => (secondsToMs(s) ?? NaN).toFixed(2);

/** Prints, per load level, each variant's mean percentiles over repetitions and the A/A deltas. */
export function printAaTable(trials: TTrialRecord[], samples: Sample[]) {
  const variants = [...new Set(trials.map((t) => t.variant))];
  const levels = [...new Set(trials.map((t) => t.requestedQps))];
  const lines = ["variant      qps  reps  achieved  p50 ms  p90 ms  p99 ms  max ms"];
  const deltas: string[] = [];
  for (const qps of levels) {
    const stats = variants.map((v) => {
      const cell = trials.filter((t) => t.variant === v && t.requestedQps === qps);
      const s = {
        reps: cell.length,
        achieved: mean(cell.map((t) => t.actualQps ?? NaN)),
        p50: mean(cell.map((t) => t.summary?.p50 ?? NaN)),
        p90: mean(cell.map((t) => t.summary?.p90 ?? NaN)),
        p99: mean(cell.map((t) => t.summary?.p99 ?? NaN)),
        max: Math.max(...cell.map((t) => t.summary?.max ?? NaN)),
      };
      lines.push(
        `${v.padEnd(11)} ${String(qps).padStart(4)}  ${String(s.reps).padStart(4)}  ${s.achieved.toFixed(1).padStart(8)}  ${ms(s.p50).padStart(6)}  ${ms(s.p90).padStart(6)}  ${ms(s.p99).padStart(6)}  ${ms(s.max).padStart(6)}`,
      );
      return s;
    });
    const [a, b] = stats;
    if (a && b) {
      const pct = (x: number, y: number) => `${(((y - x) / x) * 100).toFixed(1)}%`;
      deltas.push(
        `qps ${qps}: ${variants[1]} vs ${variants[0]}: p50 ${pct(a.p50, b.p50)}, p90 ${pct(a.p90, b.p90)}, p99 ${pct(a.p99, b.p99)}`,
      );
    }
  }
  for (const role of ["app", "load_generator"]) {
    for (const v of variants) {
      const mine = samples.filter((s) => s.role === role && s.variant === v);
      lines.push(
        `${role} ${v}: mean CPU ${mean(mine.map((s) => s.cpuMillicores)).toFixed(1)} m, max memory ${(Math.max(...mine.map((s) => s.memoryBytes)) / 2 ** 20).toFixed(1)} MiB (${mine.length} samples)`,
      );
    }
  }
  console.log(`[real-node] percentiles (means over repetitions)\n${lines.join("\n")}`);
  console.log(`[real-node] A/A deltas (reported, not asserted)\n${deltas.join("\n")}`);
}
