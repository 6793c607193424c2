import type { TMeshDetection, TValidityFlag } from "@meshbench/contracts";
import { evaluateIdleGate, type CpuReading } from "@meshbench/core";
import type { ClusterGateway, UsageSample } from "@meshbench/k8s";

export type IdleWaitDeps = {
  log: (msg: string) => void;
  now: () => number;
  /** How often the target's CPU is read while waiting. Default 1 s. */
  idlePollMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

type Ctx = {
  runId: string;
  gateway: ClusterGateway;
  meshes: TMeshDetection;
  /** The variants' namespaces: every target of the run, so the previous trial's counts too. */
  namespaces: string[];
  /** Target pods outside those namespaces (a workload's own namespace). */
  alsoSample: { namespace: string; pods: string[] }[];
  onSamplingCalls: (calls: number) => void;
};

/** The target's own pods: the application and a sidecar beside it (not the load generator, not the mesh's nodes). */
const TARGET_ROLES = new Set(["app", "proxy"]);

/** Sum of the targets' CPU, or null when the source had no fresh reading of them. */
function targetCpu(samples: UsageSample[]): number | null {
  const mine = samples.filter((s) => TARGET_ROLES.has(s.role));
  return mine.length ? mine.reduce((a, s) => a + s.cpuMillicores, 0) : null;
}

export type IdleWaiter = {
  /** Waits until the targets are idle; a validity flag when it gave up (the trial runs anyway). */
  beforeTrial(): Promise<TValidityFlag | null>;
  stats: { waits: number; waitedMs: number; gaveUp: number };
};

const sleepFor = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The idle gate's waiting half (the decision is core's evaluateIdleGate): measures the targets'
 * idle CPU once when created (the executor does so after the first trial, once every variant is
 * prepared), then before each trial reads it until it is back under
 * max(2 × idle, 50 m), for at most 30 s. A cluster with no usage source skips the gate, said once.
 */
export async function createIdleWaiter(
  deps: IdleWaitDeps,
  ctx: Ctx,
  enabled: boolean,
): Promise<IdleWaiter> {
  const stats = { waits: 0, waitedMs: 0, gaveUp: 0 };
  const off: IdleWaiter = { beforeTrial: () => Promise.resolve(null), stats };
  if (!enabled || ctx.namespaces.length === 0) return off;
  const pause = deps.sleep ?? sleepFor;
  const pollMs = deps.idlePollMs ?? 1000;
  let broken = false;
  const read = async (): Promise<number | null> => {
    const before = ctx.gateway.apiCalls();
    try {
      return targetCpu(
        await ctx.gateway.sampleUsage(ctx.namespaces, {
          meshes: ctx.meshes,
          alsoSample: ctx.alsoSample,
        }),
      );
    } catch (error) {
      broken = true;
      deps.log(
        `run ${ctx.runId}: idle gate off, usage unreadable: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    } finally {
      ctx.onSamplingCalls(ctx.gateway.apiCalls() - before);
    }
  };
  // The first reading may be an average since the container started; the second, a second
  // later, is a rate over that second when the source refreshed (else the first stands).
  let idle = await read();
  if (!broken) {
    await pause(pollMs);
    idle = (await read()) ?? idle;
  }
  if (idle === null) {
    if (!broken)
      deps.log(`run ${ctx.runId}: idle gate skipped: no CPU usage source for the target's pods`);
    return off;
  }
  const idleCpuMillicores = idle;
  deps.log(`run ${ctx.runId}: idle gate on, targets idle at ${idleCpuMillicores.toFixed(0)} m`);
  return {
    stats,
    async beforeTrial() {
      if (broken) return null;
      const startedAtMs = deps.now();
      const readings: CpuReading[] = [];
      for (;;) {
        const cpu = await read();
        if (broken) return null;
        if (cpu !== null) readings.push({ atMs: deps.now(), cpuMillicores: cpu });
        const r = evaluateIdleGate(readings, {
          idleCpuMillicores,
          startedAtMs,
          nowMs: deps.now(),
        });
        if (r.status !== "waiting") {
          stats.waits += 1;
          stats.waitedMs += r.waitedMs;
          if (r.status === "ready") return null;
          stats.gaveUp += 1;
          return { ...r.flag, severity: "warning" };
        }
        await pause(pollMs);
      }
    },
  };
}
