/**
 * Schema fuzzing of the REST API with schemathesis (PyPI, cached venv): it reads the served
 * OpenAPI document and sends generated valid and invalid requests with a valid token against a
 * workspace with data (the demo run; its id and benchmark are offered as path values half of the
 * time). Passes when no response is a 5xx and every response conforms to the document: its
 * status is documented, its body matches that status's schema, content type and headers too.
 * Usage: pnpm test:fuzz   (MESHBENCH_FUZZ_EXAMPLES per operation, MESHBENCH_FUZZ_SEED)
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEMO_API_TOKEN } from "@meshbench/demo/credentials";
import { repoRoot, startAppServer } from "../support/app-server";

const EXAMPLES = process.env.MESHBENCH_FUZZ_EXAMPLES ?? "300";
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
const server = await startAppServer({
  name: "fuzz",
  logFile: path.join(artifacts, "server.log"),
  env: { MESHBENCH_UPLOAD_RATE_LIMIT: "1000000" },
});
let exitCode = 1;
try {
  const auth = { authorization: `Bearer ${DEMO_API_TOKEN}` };
  const history = (await (
    await fetch(`${server.baseUrl}/api/v1/benchmarks/nginx-vs-baseline/history`, { headers: auth })
  ).json()) as { runs?: { runId?: string; id?: string }[] };
  const runId = history.runs?.[0]?.runId ?? history.runs?.[0]?.id;
  if (!runId)
    throw new Error(`no demo run in the history: ${JSON.stringify(history).slice(0, 300)}`);
  const config = path.join(artifacts, "schemathesis.toml");
  writeFileSync(
    config,
    [
      `[dictionaries.runs]`,
      `values = ["${runId}"]`,
      `[dictionaries.benchmarks]`,
      `values = ["nginx-vs-baseline"]`,
      `[parameters]`,
      `"path.runId" = { dictionary = "runs", probability = 0.5 }`,
      `"path.benchmarkKey" = { dictionary = "benchmarks", probability = 0.5 }`,
    ].join("\n"),
  );
  const junit = path.join(artifacts, "junit.xml");
  // Asynchronous on purpose: the embedded Postgres logs into a pipe to this process, and a
  // process blocked in spawnSync never drains it — once 64 KiB of logged constraint errors fill
  // it, every Postgres backend blocks on its log write and the server stalls.
  const run = await runToExit(
    schemathesis,
    [
      "--config-file",
      config,
      "run",
      `${server.baseUrl}/api/v1/openapi.json`,
      "--url",
      `${server.baseUrl}/api/v1`,
      "-H",
      `Authorization: Bearer ${DEMO_API_TOKEN}`,
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
      junit,
      "--report-ndjson-path",
      path.join(artifacts, "events.ndjson"),
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
  const cases = countCases(path.join(artifacts, "events.ndjson"));
  const serverErrors = (server.log().match(/"level":"(error|fatal)"/g) ?? []).length;
  console.log(
    `fuzz: ${cases} generated cases over ${EXAMPLES} per operation; schemathesis exit ${run.status}; server error log lines ${serverErrors}`,
  );
  if (run.status !== 0) console.log("FAIL schemathesis found non-conforming responses (above)");
  else if (cases < MIN_CASES)
    console.log(`FAIL only ${cases} cases (at least ${MIN_CASES} wanted)`);
  else exitCode = 0;
} finally {
  await server.stop();
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
