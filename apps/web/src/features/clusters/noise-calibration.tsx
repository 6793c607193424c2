"use client";
import type { TClusterNoiseBand } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";

type Props = {
  clusterId: string;
  band: TClusterNoiseBand | null;
  /** Benchmarks whose target and matrix the A/A run may copy (key, id). */
  benchmarks: { id: string; key: string }[];
  canCalibrate: boolean;
};

const pct = (f: number) => `${f < 0 ? "\u2212" : "+"}${(Math.abs(f) * 100).toFixed(1)}%`;
const bandText = (b: [number, number] | undefined) => (b ? `[${pct(b[0])}, ${pct(b[1])}]` : "—");

const STATUS_TEXT: Record<TClusterNoiseBand["status"], string> = {
  none: "Not calibrated: deltas on this cluster are read by their intervals alone.",
  pending: "The A/A run is queued or running; the band appears when it succeeds.",
  ready: "Every mesh-vs-baseline delta on this cluster shows this band; inside it is noise.",
  failed: "The last A/A run gave no band.",
};

/**
 * "Calibrate this cluster": one click queues an A/A run (two identical baselines); its 95% A/A
 * intervals per level become the noise band shown beside deltas measured here.
 */
export function NoiseCalibration({ clusterId, band, benchmarks, canCalibrate }: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const [benchmarkId, setBenchmarkId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const calibrate = useMutation(
    trpc.clusters.calibrate.mutationOptions({
      onError: (e) => setError(e.message),
      onSuccess: (r) => (setStarted(r.runId), router.refresh()),
    }),
  );
  const status = band?.status ?? "none";
  return (
    <section className="panel" aria-label="Noise floor" data-testid="noise-floor">
      <p data-testid="noise-status" data-status={status}>
        <strong>{status === "ready" ? "Calibrated" : status}</strong> — {STATUS_TEXT[status]}
        {band?.error ? <span className="muted"> ({band.error})</span> : null}
        {band?.runId ? (
          <>
            {" "}
            <a href={`/runs/${band.runId}`}>A/A run</a>
          </>
        ) : null}
      </p>
      {band && band.levels.length > 0 ? (
        <table className="data" aria-label="Noise band">
          <thead>
            <tr>
              <th className="left">Level</th>
              <th>Reps</th>
              <th>p50 band</th>
              <th>p90 band</th>
              <th>p99 band</th>
            </tr>
          </thead>
          <tbody>
            {band.levels.map((l) => (
              <tr key={l.levelKey} data-level={l.levelKey}>
                <td className="left">
                  {l.requestedQps === null ? "max" : l.requestedQps} QPS · {l.connections} conns
                </td>
                <td className="num">{l.repetitions}</td>
                <td className="num">{bandText(l.bands.p50)}</td>
                <td className="num">{bandText(l.bands.p90)}</td>
                <td className="num">{bandText(l.bands.p99)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {canCalibrate ? (
        <span className="row-actions">
          <label>
            Matrix of{" "}
            <select value={benchmarkId} onChange={(e) => setBenchmarkId(e.target.value)}>
              <option value="">default (100 and 500 QPS, 8 conns)</option>
              {benchmarks.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.key}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={calibrate.isPending}
            onClick={() => {
              setError(null);
              calibrate.mutate({ clusterId, ...(benchmarkId ? { benchmarkId } : {}) });
            }}
          >
            {calibrate.isPending ? "Queueing…" : "Calibrate this cluster"}
          </button>
        </span>
      ) : null}
      {started ? (
        <p className="muted" role="status">
          A/A run queued: <a href={`/runs/${started}`}>follow it</a>.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
