/** One CPU/memory reading of one container (the unit kubelet and metrics-server stamp). */
export interface ContainerSample {
  role: string;
  pod: string;
  container: string | null;
  cpuMillicores: number;
  memoryBytes: number;
  sampledAt: string | number | Date;
}

/** A role's usage at one aligned instant: every container of the role summed. */
export interface UsageInstant {
  /** Start of the bucket, epoch ms. */
  t: number;
  cpuMillicores: number;
  memoryBytes: number;
  containers: number;
}

const toMs = (t: ContainerSample["sampledAt"]) => {
  const ms = t instanceof Date ? t.getTime() : typeof t === "number" ? t : Date.parse(t);
  if (!Number.isFinite(ms)) throw new RangeError(`unparseable sampledAt: ${String(t)}`);
  return ms;
};
const idOf = (s: ContainerSample) => `${s.pod}/${s.container ?? ""}`;

/**
 * The sampling interval: the median gap between consecutive samples of the same container
 * (pods are stamped apart, but each one is sampled on the same cadence). `fallbackMs` when no
 * container was sampled twice.
 */
export function samplingIntervalMs(samples: readonly ContainerSample[], fallbackMs = 1000): number {
  const times = new Map<string, number[]>();
  for (const s of samples) times.set(idOf(s), [...(times.get(idOf(s)) ?? []), toMs(s.sampledAt)]);
  const gaps: number[] = [];
  for (const ts of times.values()) {
    const sorted = [...new Set(ts)].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) gaps.push(sorted[i]! - sorted[i - 1]!);
  }
  if (gaps.length === 0) return fallbackMs;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor((gaps.length - 1) / 2)]!;
}

/**
 * Samples of a role summed at each instant. kubelet and metrics-server stamp every pod at its own
 * moment, so identical timestamps almost never occur: time is cut into buckets of `bucketMs`
 * (the sampling interval), each container contributes its latest sample in a bucket, and a
 * container that missed a bucket inside its own sampled lifetime carries its last value forward
 * (otherwise a pod stamped just across a bucket edge would vanish from that instant's sum).
 */
export function bucketedInstants(
  samples: readonly ContainerSample[],
  bucketMs: number,
): UsageInstant[] {
  if (!(bucketMs > 0)) throw new RangeError(`bucketMs must be positive, got ${bucketMs}`);
  const byContainer = new Map<string, Map<number, { ms: number; s: ContainerSample }>>();
  for (const s of samples) {
    const ms = toMs(s.sampledAt);
    const bucket = Math.floor(ms / bucketMs);
    const mine = byContainer.get(idOf(s)) ?? new Map<number, { ms: number; s: ContainerSample }>();
    const seen = mine.get(bucket);
    if (!seen || ms >= seen.ms) mine.set(bucket, { ms, s });
    byContainer.set(idOf(s), mine);
  }
  const sums = new Map<number, UsageInstant>();
  for (const mine of byContainer.values()) {
    const buckets = [...mine.keys()].sort((a, b) => a - b);
    let last: ContainerSample | null = null;
    for (let b = buckets[0]!; b <= buckets[buckets.length - 1]!; b++) {
      last = mine.get(b)?.s ?? last;
      if (!last) continue;
      const at = sums.get(b) ?? {
        t: b * bucketMs,
        cpuMillicores: 0,
        memoryBytes: 0,
        containers: 0,
      };
      at.cpuMillicores += last.cpuMillicores;
      at.memoryBytes += last.memoryBytes;
      at.containers += 1;
      sums.set(b, at);
    }
  }
  return [...sums.values()].sort((a, b) => a.t - b.t);
}

/** A role's usage over a window: the summed instants and the largest single container. */
export interface RoleUsage {
  role: string;
  instants: number;
  /** Distinct containers (pod/container) sampled. */
  containers: number;
  meanCpuMillicores: number;
  maxCpuMillicores: number;
  meanMemoryBytes: number;
  maxMemoryBytes: number;
  /** "Max of any single proxy": the highest reading of one container alone. */
  maxSingleCpuMillicores: number;
  maxSingleMemoryBytes: number;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : 0);

/**
 * Usage of one role's samples: means over the bucketed instants (equal-width buckets, so a plain
 * mean is the time-weighted one), maxima of the sums, and maxima of any one container.
 */
export function roleUsage(
  role: string,
  samples: readonly ContainerSample[],
  bucketMs = samplingIntervalMs(samples),
): RoleUsage {
  const instants = bucketedInstants(samples, bucketMs);
  return {
    role,
    instants: instants.length,
    containers: new Set(samples.map(idOf)).size,
    meanCpuMillicores: mean(instants.map((i) => i.cpuMillicores)),
    maxCpuMillicores: Math.max(0, ...instants.map((i) => i.cpuMillicores)),
    meanMemoryBytes: mean(instants.map((i) => i.memoryBytes)),
    maxMemoryBytes: Math.max(0, ...instants.map((i) => i.memoryBytes)),
    maxSingleCpuMillicores: Math.max(0, ...samples.map((s) => s.cpuMillicores)),
    maxSingleMemoryBytes: Math.max(0, ...samples.map((s) => s.memoryBytes)),
  };
}
