import type { CpuCounterReading } from "@meshbench/k8s";
import type { TrialOutput } from "@meshbench/services";

/** Shortest counter window worth a rate: the kubelet refreshes its stats about every 10 s. */
export const MIN_WINDOW_MS = 2000;

/**
 * A trial's CPU per container from the cumulative counters read at its start and its end: the
 * core-seconds it used over the window between the two stats times, whatever ran before it or
 * in between samples. One sample per container, stamped at the window's end, memory as read
 * then. Containers without both reads, a window shorter than MIN_WINDOW_MS or a counter that
 * went backwards (a restart) give none; an empty result means "use the point samples".
 */
export function samplesOverWindow(
  start: readonly CpuCounterReading[],
  end: readonly CpuCounterReading[],
  trial: { trialKey: string; variant: string },
): TrialOutput["samples"] {
  const before = new Map(start.map((r) => [`${r.namespace}/${r.pod}/${r.container}`, r]));
  return end.flatMap((r) => {
    const s = before.get(`${r.namespace}/${r.pod}/${r.container}`);
    if (!s || s.cpuSecondsTotal === null || r.cpuSecondsTotal === null) return [];
    const ms = r.timestampMs - s.timestampMs;
    const used = r.cpuSecondsTotal - s.cpuSecondsTotal;
    if (ms < MIN_WINDOW_MS || used < 0) return [];
    return [
      {
        trialKey: trial.trialKey,
        variant: trial.variant,
        role: r.role,
        namespace: r.namespace,
        pod: r.pod,
        container: r.container,
        cpuMillicores: (used / (ms / 1000)) * 1000,
        memoryBytes: r.memoryBytes ?? 0,
        sampledAt: new Date(r.timestampMs),
      },
    ];
  });
}
