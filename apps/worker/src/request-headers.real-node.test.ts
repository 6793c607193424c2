/**
 * Request headers on real nodes: a benchmark's plain header and a variant's secret header travel
 * in the load generator's REST body to Fortio and on every request to the target — a second
 * Fortio echo server in the target's pods, logging each request's headers (verbose), is the
 * witness. And the secret's value is nowhere Meshbench keeps or shows anything: not in a service
 * answer (run, report, exports, benchmark, secret list), not in the worker's log lines, not in any
 * row of any table, and not in the load generator's pod log either.
 */
import { randomUUID } from "node:crypto";
import { KUBERNETES_LABELS, type TBenchmarkDefinitionInput } from "@meshbench/contracts";
import { realNodeApiGet } from "@meshbench/testing/real-cluster-context";
import { beforeAll, describe, expect, it } from "vitest";
import { useRealNodeWorkspace } from "./test-support/real-node-workspace";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const skipped = process.env.MESHBENCH_SKIP_REAL_NODE === "1";
const RECORDER_PORT = 8090; // the echo's own Fortio listens on 8078-8081 in the same pod
const SECRET = `Bearer rn-${randomUUID()}`;
const PLAIN = `plain-${randomUUID().slice(0, 8)}`;
/** What must appear nowhere: the secret's distinctive part. */
const NEEDLE = SECRET.slice("Bearer ".length);

const recorderService = `apiVersion: v1
kind: Service
metadata:
  name: recorder
spec:
  selector: { app: echo, meshbench.io/component: target }
  ports:
  - { name: http, port: ${RECORDER_PORT}, targetPort: ${RECORDER_PORT}, appProtocol: http }
`;

const benchmark: TBenchmarkDefinitionInput = {
  key: "headers",
  name: "request headers reach the echo",
  target: { kind: "fortio-echo", replicas: 1 },
  requestHeaders: [{ name: "X-Meshbench-Probe", value: PLAIN }],
  variants: [
    {
      name: "probe",
      mesh: "baseline",
      requestHeaders: [{ name: "Authorization", secret: "probe-token" }],
      extraContainers: [
        {
          name: "recorder",
          args: [
            "server",
            "-http-port",
            String(RECORDER_PORT),
            ...["-grpc-port", "-redirect-port", "-tcp-port", "-udp-port"].flatMap((f) => [
              f,
              "disabled",
            ]),
            // Verbose: every request is logged with all its headers.
            "-loglevel",
            "verbose",
          ],
          ports: [RECORDER_PORT],
          role: "app",
        },
      ],
      manifests: recorderService,
      entry: { service: "recorder", port: RECORDER_PORT, path: "/echo" },
    },
  ],
  loadMatrix: { qps: [50], connections: [2] },
  repetitions: 2,
  durationSeconds: 3,
  warmupSeconds: 1,
};

type PodList = {
  items: {
    metadata: { name: string; namespace: string };
    spec: { containers: { name: string }[] };
  }[];
};

/** Every container log of the run's pods, read while they exist (cleanup deletes them). */
async function readRunLogs(runId: string, into: Map<string, string>) {
  const selector = encodeURIComponent(`${KUBERNETES_LABELS.run}=${runId}`);
  const list = await realNodeApiGet(`/api/v1/pods?labelSelector=${selector}`);
  if (list.status !== 200) return;
  for (const pod of (JSON.parse(list.body) as PodList).items)
    for (const c of pod.spec.containers) {
      const { namespace, name } = pod.metadata;
      const log = await realNodeApiGet(
        `/api/v1/namespaces/${namespace}/pods/${name}/log?container=${c.name}`,
      );
      if (log.status === 200 && log.body.length >= (into.get(`${name}/${c.name}`)?.length ?? 0))
        into.set(`${name}/${c.name}`, log.body);
    }
}

/** Every row of every table (Meshbench's and pg-boss's), as JSON text. */
async function everyRow(db: ReturnType<typeof useRealNodeWorkspace>["db"]) {
  const tables = await db.$queryRawUnsafe<{ s: string; t: string }[]>(
    `SELECT table_schema::text AS s, table_name::text AS t FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const rows: string[] = [];
  for (const { s, t } of tables) {
    const found = await db.$queryRawUnsafe<{ j: string }[]>(
      `SELECT row_to_json(x)::text AS j FROM "${s}"."${t}" x`,
    );
    rows.push(...found.map((r) => `${s}.${t} ${r.j}`));
  }
  return rows;
}

describe.skipIf(skipped)("request headers on real nodes", () => {
  const rn = useRealNodeWorkspace("headers");
  const caller = () => rn.caller();
  const actor = { actorUserId: null, actorTokenId: null };

  beforeAll(async () => {
    await rn.startWorker({ sampleEveryMs: 1000 });
  });

  it(
    "a plain and a secret header reach the echo; the secret is in no answer, log line or row",
    { timeout: 300_000 },
    async () => {
      const { services } = caller();
      const answers: unknown[] = [];
      answers.push(
        await services.secrets.put(rn.workspaceId, { name: "probe-token", value: SECRET }, actor),
      );
      const b = await caller().benchmarks.create(benchmark);
      answers.push(b);
      const started = await caller().runs.start({ benchmarkId: b.id, clusterId: rn.clusterId });
      const { runId } = started;
      answers.push(started);
      const logs = new Map<string, string>();
      let run = await caller().runs.get({ runId });
      for (let i = 0; i < 480 && !["succeeded", "failed"].includes(run.status); i++) {
        await readRunLogs(runId, logs).catch(() => undefined);
        await sleep(500);
        run = await caller().runs.get({ runId });
      }
      answers.push(run);
      expect(run.trials.map((t) => t.failureReason ?? t.status)).toEqual([
        "succeeded",
        "succeeded",
      ]);
      expect(run.trials.every((t) => t.errorCount === 0)).toBe(true);

      // The echo saw both headers, on the measured requests.
      const recorded = [...logs].filter(([k]) => k.endsWith("/recorder")).map(([, v]) => v);
      expect(recorded.length, [...logs.keys()].join(", ")).toBe(1);
      const echoed = recorded[0]!.split("\n").filter((l) => l.includes('"msg":"Echo"'));
      expect(echoed.length).toBeGreaterThan(50);
      const withBoth = echoed.filter(
        (l) =>
          l.includes(`"header.x-meshbench-probe":"${PLAIN}"`) &&
          l.includes(`"header.authorization":"${SECRET}"`),
      );
      expect(withBoth.length).toBe(echoed.length);
      // The load generator's own log holds no request body (Fortio runs at warning level).
      const lgLogs = [...logs].filter(([k]) => k.includes("lg-fortio")).map(([, v]) => v);
      expect(lgLogs.length).toBe(1);
      expect(lgLogs[0]).not.toContain(NEEDLE);

      // Shown as a placeholder where the run says what it sent.
      const env = run.environment as { loadGenerator: Record<string, string> };
      expect(env.loadGenerator["request headers (probe)"]).toBe(
        `X-Meshbench-Probe: ${PLAIN}; Authorization: <secret:probe-token>`,
      );
      expect(Object.values(env.loadGenerator).join("\n")).toContain(
        `"headers":["X-Meshbench-Probe: ${PLAIN}","Authorization: <secret:probe-token>"]`,
      );

      // Nowhere: answers, exports, the worker's log lines, any row of any table.
      answers.push(
        await services.reports.runReport(rn.workspaceId, runId, "probe"),
        await services.reports.runReport(rn.workspaceId, runId, "probe", "public"),
        await services.exports.run(rn.workspaceId, runId, "csv"),
        await services.exports.run(rn.workspaceId, runId, "json"),
        await services.exports.smp(rn.workspaceId, runId),
        await services.benchmarks.get(rn.workspaceId, b.definition.key),
        await services.secrets.list(rn.workspaceId),
      );
      for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(NEEDLE);
      expect(rn.logs.length).toBeGreaterThan(0);
      for (const line of rn.logs) expect(line).not.toContain(NEEDLE);
      const rows = await everyRow(rn.db);
      expect(rows.some((r) => r.includes("WorkspaceSecret"))).toBe(true);
      expect(rows.filter((r) => r.includes(NEEDLE))).toEqual([]);
      console.log(
        `[real-node] headers: ${withBoth.length}/${echoed.length} echoed requests carried both headers; secret in 0 of ${answers.length} answers, ${rn.logs.length} worker log lines, ${rows.length} rows`,
      );
    },
  );
});
