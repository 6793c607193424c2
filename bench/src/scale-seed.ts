/**
 * Seeding for the scale bench: N succeeded CI-upload runs of one benchmark, 2 variants × 2 QPS ×
 * 3 repetitions (12 trials) each by default, with the real Fortio histograms of the demo matrix
 * (encoded as the app stores them) and their summaries, one row per trial as the upload writes it.
 * Batched: one statement per 250 runs (runs and trials as jsonb_to_recordset), so 10⁴ runs take
 * seconds. The latency steps up at 60% of the runs (the baseline takes nginx's files), so the
 * history has a change point to find.
 */
import { encodeHistogram, levelKey, trialKey } from "@meshbench/core";
import type { DemoTrialFile } from "@meshbench/demo";
import { importResult } from "@meshbench/formats";
import type pg from "pg";

export const SCALE_BENCHMARK = "scale";
export const SCALE_QPS = [100, 1000] as const;
const VARIANTS = ["baseline", "sidecar"] as const;
const REPS = 3;
const BATCH = 250;

type Sample = { histogram: string; summary: unknown; requestCount: number; actualQps: number };

/** The level key of a cell of the seeded runs (for compare items). */
export const scaleLevelKey = (qps: number) =>
  levelKey({
    requestedQps: qps,
    connections: 8,
    payloadBytes: 0,
    protocol: "http1",
    keepAlive: true,
  });

function samples(files: DemoTrialFile[]) {
  const cache = new Map<string, Sample>();
  return (variant: string, qps: number, rep: number): Sample => {
    const id = `${variant}/${qps}/${rep}`;
    const hit = cache.get(id);
    if (hit) return hit;
    const file = files.find((f) => f.variant === variant && f.qps === qps && f.repetition === rep);
    if (!file) throw new Error(`matrix file missing: ${id}`);
    const r = importResult(file.text, "fortio");
    const sample = {
      histogram: Buffer.from(encodeHistogram(r.histogram!)).toString("base64"),
      summary: r.summary,
      requestCount: r.requestCount ?? 0,
      actualQps: r.actualQps ?? 0,
    };
    cache.set(id, sample);
    return sample;
  };
}

/** Adds runs [from, to) of the series; returns their ids in creation order. */
export async function seedRuns(
  client: pg.Client,
  opts: {
    workspaceId: string;
    benchmarkId: string;
    files: DemoTrialFile[];
    from: number;
    to: number;
    total: number;
    reps?: number;
  },
): Promise<string[]> {
  const sample = samples(opts.files);
  const reps = opts.reps ?? REPS;
  const ids: string[] = [];
  const start = Date.UTC(2026, 0, 1);
  for (let b = opts.from; b < opts.to; b += BATCH) {
    const runs = [];
    const trials = [];
    for (let i = b; i < Math.min(b + BATCH, opts.to); i++) {
      const runId = `scalerun${String(i).padStart(6, "0")}`;
      ids.push(runId);
      const at = new Date(start + i * 60_000).toISOString();
      runs.push({
        id: runId,
        at,
        title: `scale run ${i}`,
        commit: i.toString(16).padStart(12, "0"),
      });
      let sequence = 0;
      for (const variant of VARIANTS)
        for (const qps of SCALE_QPS)
          for (let rep = 1; rep <= reps; rep++) {
            const stepped = variant === "baseline" && i >= opts.total * 0.6;
            const s = sample(
              stepped || variant === "sidecar" ? "nginx" : "baseline",
              qps,
              ((rep - 1) % 5) + 1,
            );
            const coordinates = {
              variant,
              requestedQps: qps,
              connections: 8,
              payloadBytes: 0,
              protocol: "http1" as const,
              keepAlive: true,
              repetition: rep,
            };
            trials.push({
              id: `${runId}t${++sequence}`,
              runId,
              key: trialKey(coordinates),
              ...coordinates,
              sequence,
              at,
              ...s,
            });
          }
    }
    await client.query(
      `WITH runs AS (
         INSERT INTO "Run" ("id", "workspaceId", "benchmarkId", "title", "status", "source", "trialsTotal",
           "trialsDone", "environment", "labels", "gitBranch", "gitCommit", "createdAt", "startedAt", "finishedAt")
         SELECT r.id, $1, $2, r.title, 'succeeded', 'ci_upload', $4, $4, '{"uploadedVia":"api"}', '{}',
           'main', r.commit, r.at, r.at, r.at
         FROM jsonb_to_recordset($3::jsonb) AS r(id text, title text, commit text, at timestamptz)
         RETURNING "id")
       INSERT INTO "Trial" ("id", "runId", "key", "variant", "requestedQps", "connections", "payloadBytes",
         "protocol", "keepAlive", "repetition", "sequence", "status", "loadGenerator", "summaryOnly",
         "resolutionSeconds", "validityFlags", "actualQps", "durationSeconds", "requestCount", "errorCount",
         "summary", "histogram", "meta", "startedAt", "finishedAt", "createdAt")
       SELECT t.id, t."runId", t.key, t.variant, t."requestedQps", t.connections, t."payloadBytes",
         t.protocol, t."keepAlive", t.repetition, t.sequence, 'succeeded', 'fortio', false, 0.0001, '[]',
         t."actualQps", 10, t."requestCount", 0, t.summary, decode(t.histogram, 'base64'),
         '{"runType":"HTTP"}', t.at, t.at, t.at
       FROM jsonb_to_recordset($5::jsonb) AS t(id text, "runId" text, key text, variant text,
         "requestedQps" float8, connections int, "payloadBytes" int, protocol text, "keepAlive" boolean,
         repetition int, sequence int, "actualQps" float8, "requestCount" int, summary jsonb,
         histogram text, at timestamptz)
       WHERE t."runId" IN (SELECT "id" FROM runs)`,
      [
        opts.workspaceId,
        opts.benchmarkId,
        JSON.stringify(runs),
        VARIANTS.length * SCALE_QPS.length * reps,
        JSON.stringify(trials),
      ],
    );
  }
  return ids;
}
