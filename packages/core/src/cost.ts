/** One resource sample of one pod (or container) in a role, e.g. "sidecar", "ztunnel", "app". */
export interface UsageSample {
  role: string;
  cpuMillicores: number;
  memoryBytes: number;
  /** ISO timestamp, epoch milliseconds or Date; samples are ordered by it. */
  sampledAt: string | number | Date;
}

export interface RoleCost {
  role: string;
  /** Distinct sampling instants (pods of the role sampled at the same instant count once). */
  instants: number;
  maxCpuMillicores: number;
  /** Time-weighted over the sampled window (trapezoids); the sample itself if there is one instant. */
  meanCpuMillicores: number;
  /** CPU used over the window: ∫ cores dt. 0 with a single instant (no window). */
  coreSeconds: number;
  maxMemoryBytes: number;
  meanMemoryBytes: number;
  windowSeconds: number;
  /** meanCpuMillicores per 1000 achieved RPS; null when nothing was achieved. */
  cpuMillicoresPer1000Rps: number | null;
  /** The same in vCPU, as reports quote it ("0.5 vCPU per 1000 QPS"). */
  vcpuPer1000Rps: number | null;
  meanMemoryBytesPer1000Rps: number | null;
}

export interface CostSummary {
  achievedQps: number;
  roles: RoleCost[];
  /** Sums over roles (means and core-seconds add; maxima would not, so none are given). */
  total: {
    meanCpuMillicores: number;
    coreSeconds: number;
    meanMemoryBytes: number;
    cpuMillicoresPer1000Rps: number | null;
    vcpuPer1000Rps: number | null;
  };
}

const toMs = (t: UsageSample["sampledAt"]) =>
  t instanceof Date ? t.getTime() : typeof t === "number" ? t : Date.parse(t);

interface Instant {
  t: number;
  cpu: number;
  mem: number;
}

/** Samples of one role summed per instant: several pods of a role are one cost. */
function instantsOf(samples: UsageSample[]): Instant[] {
  const byTime = new Map<number, Instant>();
  for (const s of samples) {
    const t = toMs(s.sampledAt);
    if (!Number.isFinite(t))
      throw new RangeError(`unparseable sampledAt for role ${s.role}: ${String(s.sampledAt)}`);
    const at = byTime.get(t) ?? { t, cpu: 0, mem: 0 };
    at.cpu += s.cpuMillicores;
    at.mem += s.memoryBytes;
    byTime.set(t, at);
  }
  return [...byTime.values()].sort((a, b) => a.t - b.t);
}

/** ∫ value dt over the instants (trapezoids), in value·seconds. */
function integrate(points: Instant[], value: (p: Instant) => number): number {
  let area = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b) area += ((value(a) + value(b)) / 2) * ((b.t - a.t) / 1000);
  }
  return area;
}

const per1000 = (value: number, qps: number) => (qps > 0 ? (value * 1000) / qps : null);

function roleCost(role: string, samples: UsageSample[], qps: number): RoleCost {
  const points = instantsOf(samples);
  const first = points[0];
  const last = points[points.length - 1];
  const windowSeconds = first && last ? (last.t - first.t) / 1000 : 0;
  const single = windowSeconds === 0;
  const meanOf = (v: (p: Instant) => number) =>
    single
      ? points.reduce((a, p) => a + v(p), 0) / Math.max(1, points.length)
      : integrate(points, v) / windowSeconds;
  const meanCpu = meanOf((p) => p.cpu);
  const meanMem = meanOf((p) => p.mem);
  const cpuPer1000 = per1000(meanCpu, qps);
  return {
    role,
    instants: points.length,
    maxCpuMillicores: Math.max(0, ...points.map((p) => p.cpu)),
    meanCpuMillicores: meanCpu,
    coreSeconds: integrate(points, (p) => p.cpu / 1000),
    maxMemoryBytes: Math.max(0, ...points.map((p) => p.mem)),
    meanMemoryBytes: meanMem,
    windowSeconds,
    cpuMillicoresPer1000Rps: cpuPer1000,
    vcpuPer1000Rps: cpuPer1000 === null ? null : cpuPer1000 / 1000,
    meanMemoryBytesPer1000Rps: per1000(meanMem, qps),
  };
}

/** CPU and memory cost per role of serving the achieved load, normalised per 1000 RPS. */
export function costPer1000Rps(samples: readonly UsageSample[], achievedQps: number): CostSummary {
  const byRole = new Map<string, UsageSample[]>();
  for (const s of samples) byRole.set(s.role, [...(byRole.get(s.role) ?? []), s]);
  const roles = [...byRole.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([role, list]) => roleCost(role, list, achievedQps));
  const meanCpu = roles.reduce((a, r) => a + r.meanCpuMillicores, 0);
  const cpuPer1000 = per1000(meanCpu, achievedQps);
  return {
    achievedQps,
    roles,
    total: {
      meanCpuMillicores: meanCpu,
      coreSeconds: roles.reduce((a, r) => a + r.coreSeconds, 0),
      meanMemoryBytes: roles.reduce((a, r) => a + r.meanMemoryBytes, 0),
      cpuMillicoresPer1000Rps: cpuPer1000,
      vcpuPer1000Rps: cpuPer1000 === null ? null : cpuPer1000 / 1000,
    },
  };
}
