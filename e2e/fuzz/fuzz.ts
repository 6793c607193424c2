/**
 * Schema fuzzing of the REST API with schemathesis (PyPI, cached venv): it reads the served
 * OpenAPI document and sends generated valid and invalid requests with a valid token against a
 * workspace with data (the demo run, a cluster and a share link; their ids and the demo benchmark
 * are offered as path values half of the time), under the `test` outbound policy. The attacker's
 * inputs — hostile kubeconfigs and manifests (attacker-examples.ts) — are sent once and must each
 * be a 400 naming the field, then are the examples of the operations that take them. Passes when
 * no response is a 5xx, every response conforms to the document (status, body schema, content
 * type, headers), and nothing an attacker sent ran (no marker file) or was reached (a loopback
 * listener stays silent). Budgets are fuzzed with the demo admin token (the CI token may not
 * hold budgets:write). Usage: pnpm test:fuzz (MESHBENCH_FUZZ_EXAMPLES per operation, _SEED)
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_ADMIN_TOKEN, DEMO_API_TOKEN } from "@meshbench/demo/credentials";
import { repoRoot, startAppServer } from "../support/app-server";
import { attacker, BENIGN_KUBECONFIG, sendHostile, withHostileExamples } from "./attacker-examples";

const EXAMPLES = process.env.MESHBENCH_FUZZ_EXAMPLES ?? "120";
const SEED = process.env.MESHBENCH_FUZZ_SEED ?? "20261124";
const MIN_CASES = 1000;
const CHECKS = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_schema_conformance",
  "response_headers_conformance",
];

const ensure = spawnSync("bash", [path.join(import.meta.dirname, "ensure-schemathesis.sh")], {
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
});
if (ensure.status !== 0) process.exit(1);
const schemathesis = ensure.stdout.trim().split("\n").at(-1)!;

const artifacts = path.join(repoRoot, "e2e/artifacts/fuzz");
mkdirSync(artifacts, { recursive: true });
// What an attacker's kubeconfig would write if it ran, and a listener it would reach.
const markerDir = mkdtempSync(path.join(tmpdir(), "mb-fuzz-"));
const marker = path.join(markerDir, "ran");
let reached = 0;
const internal = createServer((socket) => {
  reached += 1;
  socket.destroy();
});
await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
const internalPort = (internal.address() as { port: number }).port;
const server = await startAppServer({
  name: "fuzz",
  logFile: path.join(artifacts, "server.log"),
  env: { MESHBENCH_UPLOAD_RATE_LIMIT: "1000000" },
});
let exitCode = 1;
try {
  const send = async (method: string, route: string, body?: unknown, token = DEMO_API_TOKEN) => {
    const response = await fetch(`${server.baseUrl}/api/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  const json = async <T>(method: string, route: string, body?: unknown) => {
    const { status, text } = await send(method, route, body);
    if (status !== 200) throw new Error(`${method} ${route} → ${status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const history = await json<{ runs?: { runId?: string }[] }>(
    "GET",
    "/benchmarks/nginx-vs-baseline/history",
  );
  const runId = history.runs?.[0]?.runId;
  if (!runId)
    throw new Error(`no demo run in the history: ${JSON.stringify(history).slice(0, 300)}`);
  const { cluster } = await json<{ cluster: { id: string } }>("POST", "/clusters", {
    name: "fuzz-benign",
    auth: { mode: "kubeconfig", kubeconfig: BENIGN_KUBECONFIG },
  });
  const share = await json<{ id: string }>("POST", "/share-links", { kind: "run", runId });
  const hostile = attacker(marker, () => internalPort);
  const refusedWrongly = await sendHostile(hostile, send, cluster.id);
  const document = withHostileExamples(await json<unknown>("GET", "/openapi.json"), hostile);
  const spec = path.join(artifacts, "openapi.json");
  writeFileSync(spec, JSON.stringify(document));
  const config = path.join(artifacts, "schemathesis.toml");
  writeFileSync(
    config,
    [
      `[dictionaries.runs]`,
      `values = ["${runId}"]`,
      `[dictionaries.benchmarks]`,
      `values = ["nginx-vs-baseline"]`,
      `[dictionaries.clusters]`,
      `values = ["${cluster.id}"]`,
      `[dictionaries.shares]`,
      `values = ["${share.id}"]`,
      `[parameters]`,
      `"path.runId" = { dictionary = "runs", probability = 0.5 }`,
      `"path.benchmarkKey" = { dictionary = "benchmarks", probability = 0.5 }`,
      `"path.clusterId" = { dictionary = "clusters", probability = 0.5 }`,
      `"path.id" = { dictionary = "shares", probability = 0.5 }`,
    ].join("\n"),
  );
  const junit = path.join(artifacts, "junit.xml");
  // Asynchronous on purpose: the embedded Postgres logs into a pipe to this process, and a
  // process blocked in spawnSync never drains it — once 64 KiB of logged constraint errors fill
  // it, every Postgres backend blocks on its log write and the server stalls.
  const schemathesisRun = (token: string, extra: string[], report: string) =>
    runToExit(
      schemathesis,
      [
        "--config-file",
        config,
        "run",
        spec,
        "--url",
        `${server.baseUrl}/api/v1`,
        "-H",
        `Authorization: Bearer ${token}`,
        ...extra,
        "--checks",
        CHECKS.join(","),
        "--phases",
        "examples,coverage,fuzzing",
        "--max-examples",
        EXAMPLES,
        "--seed",
        SEED,
        "--workers",
        "2",
        "--suppress-health-check",
        "all",
        "--report",
        "junit,ndjson",
        "--report-junit-path",
        `${junit}.${report}`,
        "--report-ndjson-path",
        path.join(artifacts, `events.${report}.ndjson`),
        "--output-truncate",
        "true",
      ],
      {
        // Its own cache (.schemathesis/) lands in the artifacts, not in the source tree.
        cwd: artifacts,
        stdio: ["ignore", "inherit", "inherit"],
        env: { ...process.env, SCHEMATHESIS_TELEMETRY: "false" },
      },
    );
  const run = await schemathesisRun(DEMO_API_TOKEN, [], "ci");
  // budgets:write is the admin token's (no token holds it beside results:write/runs:trigger).
  const budgets = await schemathesisRun(DEMO_ADMIN_TOKEN, ["--include-tag", "budgets"], "admin");
  const cases = ["ci", "admin"]
    .map((r) => countCases(path.join(artifacts, `events.${r}.ndjson`)))
    .reduce((a, b) => a + b, 0);
  const serverErrors = (server.log().match(/"level":"(error|fatal)"/g) ?? []).length;
  console.log(
    `fuzz: ${cases} generated cases over ${EXAMPLES} per operation; schemathesis exit ${run.status}/${budgets.status}; ` +
      `server error log lines ${serverErrors}; hostile inputs refused as they must: ${refusedWrongly.length === 0}; ` +
      `attacker's marker file ${existsSync(marker) ? "WRITTEN" : "absent"}; internal listener reached ${reached} time(s)`,
  );
  for (const wrong of refusedWrongly)
    console.log(`FAIL hostile input not refused as it must be: ${wrong}`);
  if (run.status !== 0 || budgets.status !== 0)
    console.log("FAIL schemathesis found non-conforming responses (above)");
  else if (cases < MIN_CASES)
    console.log(`FAIL only ${cases} cases (at least ${MIN_CASES} wanted)`);
  else if (refusedWrongly.length > 0 || existsSync(marker) || reached > 0)
    console.log("FAIL an attacker's input was accepted, ran or reached the internal listener");
  else exitCode = 0;
} finally {
  await server.stop();
  internal.close();
  rmSync(markerDir, { recursive: true, force: true });
}
process.exit(exitCode);

function runToExit(
  command: string,
  args: string[],
  options: Parameters<typeof spawn>[2],
): Promise<{ status: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, options);
    child.once("error", reject);
    child.once("exit", (status) => resolve({ status }));
  });
}

/** Test cases schemathesis generated and sent, from its event stream. */
function countCases(ndjson: string): number {
  let cases = 0;
  for (const line of readFileSync(ndjson, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const event = JSON.parse(line) as Record<
      string,
      { recorder?: { cases?: Record<string, unknown> } }
    >;
    for (const value of Object.values(event))
      cases += Object.keys(value?.recorder?.cases ?? {}).length;
  }
  return cases;
}
