/** One CPU reading of the target (all its pods summed), at a time in epoch milliseconds. */
export interface CpuReading {
  atMs: number;
  cpuMillicores: number;
}

export interface IdleGateOptions {
  /** The target's CPU measured idle before the run started. */
  idleCpuMillicores: number;
  /** When the wait for this trial began. */
  startedAtMs: number;
  /** Default 30 s. */
  timeoutMs?: number;
  /** Multiple of the idle level that still counts as idle. Default 2. */
  idleFactor?: number;
  /** Floor of the threshold, so a near-zero idle level does not demand the impossible. Default 50 m. */
  floorMillicores?: number;
  /** The caller's clock now: lets the wait time out even when no reading came in. */
  nowMs?: number;
}

export type IdleGateResult =
  | { status: "ready"; thresholdMillicores: number; readyAtMs: number; waitedMs: number }
  | { status: "waiting"; thresholdMillicores: number; waitedMs: number }
  /** Not idle within the timeout: run anyway, with this flag on the trial. */
  | { status: "gave_up"; thresholdMillicores: number; waitedMs: number; flag: IdleGateFlag };

export interface IdleGateFlag {
  code: "target_not_idle";
  message: string;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 30_000;

/** max(factor × idle, floor): "twice its idle level, or 50 m, whichever is higher". */
export function idleThreshold(
  opts: Pick<IdleGateOptions, "idleCpuMillicores" | "idleFactor" | "floorMillicores">,
): number {
  return Math.max((opts.idleFactor ?? 2) * opts.idleCpuMillicores, opts.floorMillicores ?? 50);
}

/**
 * Whether the target is idle again before a trial: the leftovers of the previous trial (GC,
 * connection teardown, flushing telemetry) would otherwise bleed into this one's latencies. Ready
 * at the first reading strictly below the threshold within the timeout; readings after the
 * timeout are ignored; with none below it by then, give up and flag the trial rather than stall
 * the run. "waiting" means: sample again (the caller owns the clock).
 */
export function evaluateIdleGate(
  readings: readonly CpuReading[],
  opts: IdleGateOptions,
): IdleGateResult {
  const thresholdMillicores = idleThreshold(opts);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const deadline = opts.startedAtMs + timeoutMs;
  const inWindow = readings
    .filter((r) => r.atMs >= opts.startedAtMs && r.atMs <= deadline)
    .sort((a, b) => a.atMs - b.atMs);
  const ready = inWindow.find((r) => r.cpuMillicores < thresholdMillicores);
  if (ready) {
    return {
      status: "ready",
      thresholdMillicores,
      readyAtMs: ready.atMs,
      waitedMs: ready.atMs - opts.startedAtMs,
    };
  }
  const latest = Math.max(opts.startedAtMs, opts.nowMs ?? 0, ...readings.map((r) => r.atMs));
  if (latest < deadline)
    return { status: "waiting", thresholdMillicores, waitedMs: latest - opts.startedAtMs };
  const last = inWindow.at(-1);
  return {
    status: "gave_up",
    thresholdMillicores,
    waitedMs: timeoutMs,
    flag: {
      code: "target_not_idle",
      message: !last
        ? `no CPU reading of the target within ${(timeoutMs / 1000).toFixed(0)} s: whether the previous trial had settled is unknown`
        : `target CPU stayed at or above ${thresholdMillicores.toFixed(0)} m (${opts.idleFactor ?? 2}× idle ${opts.idleCpuMillicores.toFixed(0)} m, floor ${opts.floorMillicores ?? 50} m) for ${(timeoutMs / 1000).toFixed(0)} s; last reading ${last.cpuMillicores.toFixed(0)} m: the previous trial may still be in this one's numbers`,
    },
  };
}
