import type {
  TBenchmarkDetail,
  TCalibrateClusterInput,
  TClusterNoiseBand,
} from "@meshbench/contracts";
import { apiTarget, callApi } from "../api-client";
import { optionalNumber, parse, requireString } from "../args";
import { CliError, EXIT, type CliIo } from "../io";
import { findCluster } from "./cluster-admin";
import { CONNECTION } from "./verdict";
import { waitForRun } from "./wait-run";

export const CALIBRATE_USAGE =
  "usage: meshbench calibrate --cluster name|id [--benchmark key] [--repetitions n] [--wait] [--timeout s] [--poll-ms n]\n" +
  "         [--json] [--url u] [--token t]   (needs the runs:trigger scope)";

const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}%`;

function describeBand(band: TClusterNoiseBand): string {
  const lines = [`noise band of cluster ${band.clusterId}: ${band.status}`];
  if (band.error) lines.push(`  ${band.error}`);
  for (const level of band.levels) {
    const stats = Object.entries(level.bands)
      .map(([stat, b]) => `${stat} [${pct(b[0])}, ${pct(b[1])}]`)
      .join(", ");
    lines.push(`  ${level.requestedQps ?? "max"} QPS × ${level.connections} conn: ${stats}`);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * `calibrate`: an A/A run on a cluster (POST /clusters/{id}/calibrate), the chosen benchmark's
 * target and matrix or a small default; --wait polls it and prints the noise band it gave.
 */
export async function calibrate(argv: string[], io: CliIo): Promise<number> {
  const opts = {
    ...CONNECTION,
    cluster: { type: "string" },
    benchmark: { type: "string" },
    repetitions: { type: "string" },
    wait: { type: "boolean" },
    timeout: { type: "string" },
    "poll-ms": { type: "string" },
  } as const;
  const { values, positionals } = parse(argv, opts, CALIBRATE_USAGE);
  if (positionals.length > 0) throw new CliError(EXIT.usage, CALIBRATE_USAGE);
  const clusterRef = requireString(values.cluster, "--cluster", CALIBRATE_USAGE);
  const repetitions = optionalNumber(values.repetitions, "--repetitions", { integer: true });
  const timeoutMs = (optionalNumber(values.timeout, "--timeout") ?? 3600) * 1e3;
  const pollMs = optionalNumber(values["poll-ms"], "--poll-ms", { integer: true }) ?? 2000;
  const target = apiTarget(values, io);
  const cluster = await findCluster(io, target, clusterRef);
  const benchmarkId = values.benchmark
    ? (
        await callApi<TBenchmarkDetail>(
          io,
          target,
          "GET",
          `/benchmarks/${encodeURIComponent(values.benchmark)}`,
        )
      ).id
    : undefined;
  const body: Omit<TCalibrateClusterInput, "clusterId"> = {
    ...(benchmarkId ? { benchmarkId } : {}),
    ...(repetitions ? { repetitions } : {}),
  };
  const base = `/clusters/${encodeURIComponent(cluster.id)}`;
  const queued = await callApi<{ runId: string; trialsTotal: number; estimatedSeconds: number }>(
    io,
    target,
    "POST",
    `${base}/calibrate`,
    body,
  );
  if (!values.wait) {
    io.stdout(
      values.json
        ? `${JSON.stringify(queued, null, 2)}\n`
        : `queued A/A run ${queued.runId} on ${cluster.name} (${queued.trialsTotal} trials, about ${Math.ceil(queued.estimatedSeconds / 60)} min)\n`,
    );
    return EXIT.ok;
  }
  await waitForRun(io, target, queued.runId, { timeoutMs, pollMs });
  const band = await callApi<TClusterNoiseBand>(io, target, "GET", `${base}/noise-band`);
  io.stdout(values.json ? `${JSON.stringify(band, null, 2)}\n` : describeBand(band));
  return band.status === "ready" ? EXIT.ok : EXIT.error;
}
