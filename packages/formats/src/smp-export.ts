import { type TTrialResult, secondsToMs } from "@meshbench/contracts";
import { OWN_LABEL_PREFIX as OWN, SMP_LATENCY_KEYS as LATENCY_KEYS, SMP_VERSION } from "./smp";

const isScalar = (v: unknown) =>
  typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v));

type SmpOptions = { smpVersion?: string; id?: string };

/** A trial as an SMP PerformanceTestResult (protobuf JSON names). Latencies in ms; scalars only. */
export function smpResultOf(trial: TTrialResult, opts: SmpOptions = {}): Record<string, unknown> {
  const s = trial.summary;
  const latencies: Record<string, number> = {};
  const values = [s.min, s.avg, s.p50, s.p90, s.p99, s.max];
  LATENCY_KEYS.forEach((key, i) => {
    const v = values[i];
    const ms = secondsToMs(v);
    if (ms !== null) latencies[key] = ms;
  });
  const fromMeta = trial.meta["smpLabels"];
  const userLabels: [string, unknown][] =
    typeof fromMeta === "object" && fromMeta !== null
      ? Object.entries(fromMeta as Record<string, unknown>).filter(([, v]) => isScalar(v))
      : [];
  const own: Record<string, string | number | boolean | null> = {
    labels: trial.labels,
    load_generator:
      trial.loadGenerator === "smp"
        ? ((trial.meta["sourceLoadGenerator"] as string | undefined) ?? "smp")
        : trial.loadGenerator,
    run_type: trial.runType,
    requested_qps: trial.requestedQps ?? "max",
    connections: trial.connections,
    protocol: trial.protocol,
    keep_alive: trial.keepAlive,
    payload_bytes: trial.payloadBytes,
    request_count: trial.requestCount,
    error_count: trial.errorCount,
    duration_seconds: trial.actualDurationSeconds,
  };
  const labels: Record<string, string> = Object.fromEntries([
    ...userLabels.map(([k, v]): [string, string] => [k, String(v)]),
    ...Object.entries(own)
      .filter(([, v]) => v !== null)
      .map(([k, v]): [string, string] => [OWN + k, String(v)]),
  ]);
  const startMs = trial.startedAt ? Date.parse(trial.startedAt) : Number.NaN;
  const id = opts.id ?? (typeof trial.meta["id"] === "string" ? trial.meta["id"] : "");
  return {
    smp_version: opts.smpVersion ?? SMP_VERSION,
    id,
    labels,
    ...(Number.isFinite(startMs)
      ? {
          start_time: trial.startedAt,
          end_time: new Date(startMs + secondsToMs(trial.actualDurationSeconds)).toISOString(),
        }
      : {}),
    latencies_ms: latencies,
    actual_qps: trial.actualQps,
  };
}
