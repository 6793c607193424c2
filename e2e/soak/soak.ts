/**
 * Soak: thousands of mixed requests against the production build on the embedded Postgres
 * (loopback only, bounded concurrency, a few minutes), then the checks that catch servers that
 * break under ordinary use: no 5xx (or wrong status) at all, every acknowledged upload stored
 * exactly once, resident memory after the soak within 1.5× of after the warm-up, and no log line
 * at level error or above. Figures (throughput, p99) are printed, not asserted: speed belongs to
 * `pnpm bench`. Usage: pnpm test:soak [--requests N]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { DEMO_API_TOKEN, DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from "@meshbench/demo/credentials";
import { repoRoot, rssMiB, startAppServer, type AppServer } from "../support/app-server";
import { runPhase, type PhaseReport } from "./phase";
import { acknowledgedUploads, type Session } from "./traffic";

const { values } = parseArgs({ options: { requests: { type: "string", default: "6000" } } });
const REQUESTS = Number(values.requests);
// Long enough for the heap to settle: RSS plateaus after ~1,000 requests of this mix (V8 and Next
// warm their caches), so growth measured after it is growth per request, not start-up.
const WARMUP = 1500;
const CONCURRENCY = 8;

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function trpc<T>(
  s: Pick<Session, "baseUrl" | "cookie">,
  procedure: string,
  input: unknown,
  post = false,
): Promise<T> {
  const url = `${s.baseUrl}/api/trpc/${procedure}`;
  const response = post
    ? await fetch(url, {
        method: "POST",
        headers: { cookie: s.cookie, origin: s.baseUrl, "content-type": "application/json" },
        body: JSON.stringify({ json: input }),
      })
    : await fetch(`${url}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, {
        headers: { cookie: s.cookie },
      });
  const body = (await response.json()) as { result?: { data: { json: T } } };
  if (!body.result) throw new Error(`${procedure}: ${response.status} ${JSON.stringify(body)}`);
  return body.result.data.json;
}

async function session(server: AppServer): Promise<Session> {
  const base = { baseUrl: server.baseUrl, cookie: await signIn(server.baseUrl) };
  const tokens = [DEMO_API_TOKEN];
  for (const name of ["soak-ci-a", "soak-ci-b"]) {
    const created = await trpc<{ token: string }>(
      base,
      "tokens.create",
      { name, scopes: ["read", "results:write"] },
      true,
    );
    tokens.push(created.token);
  }
  const runs = await trpc<{ items: { id: string }[] }>(base, "runs.list", {});
  const runId = runs.items[0]!.id;
  const report = await trpc<{ levels: { level: { key: string } }[] }>(base, "reports.run", {
    runId,
  });
  return { ...base, tokens, runId, levelKey: report.levels[0]!.level.key };
}

/** Each acknowledged upload must be exactly one stored run, and nothing else stored. */
async function uploadsStoredOnce(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; n: string }>(
      `SELECT labels->>'soakUpload' AS id, count(*) AS n FROM "Run" WHERE labels ? 'soakUpload' GROUP BY 1`,
    );
    const problems = rows
      .filter((r) => r.n !== "1")
      .map((r) => `upload ${r.id} stored ${r.n} times`);
    const stored = new Set(rows.map((r) => r.id));
    for (const id of acknowledgedUploads)
      if (!stored.has(id)) problems.push(`upload ${id} acknowledged, not stored`);
    for (const id of stored)
      if (!acknowledgedUploads.has(id)) problems.push(`upload ${id} stored, never acknowledged`);
    return problems;
  } finally {
    await client.end();
  }
}

/** Log lines at level error or above: pino JSON with level ≥ 50, or plain lines that say error. */
function errorLines(log: string): string[] {
  return log.split("\n").filter((line) => {
    if (!line.trim()) return false;
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
    } catch {
      return /\b(error|exception|uncaught|unhandled)\b/i.test(line);
    }
  });
}

function print(name: string, r: PhaseReport) {
  console.log(
    `${name}: ${r.requests} requests in ${r.seconds.toFixed(1)} s = ${(r.requests / r.seconds).toFixed(0)} req/s; p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`,
  );
  for (const [kind, k] of Object.entries(r.byKind))
    console.log(
      `  ${kind.padEnd(34)} ${String(k.count).padStart(5)} × p99 ${k.p99.toFixed(1).padStart(7)} ms  statuses ${JSON.stringify(k.statuses)}`,
    );
}

const server = await startAppServer({
  name: "soak",
  logFile: path.join(repoRoot, "e2e/artifacts/soak-server.log"),
  env: {
    MESHBENCH_UPLOAD_RATE_LIMIT: "1000000",
    MESHBENCH_AUTH_RATE_LIMIT: "1000000",
    MESHBENCH_LOG_LEVEL: "info",
  },
});
const failures: string[] = [];
try {
  const s = await session(server);
  const warm = await runPhase(s, 0, WARMUP, CONCURRENCY);
  print("warm-up", warm);
  const rssWarm = rssMiB(server.pid);
  const rssTrail: string[] = [];
  const soak = await runPhase(s, WARMUP, REQUESTS, CONCURRENCY, (done) =>
    rssTrail.push(`${done}: ${rssMiB(server.pid).toFixed(0)}`),
  );
  console.log(`server RSS (MiB) every 1000 requests: ${rssTrail.join(", ")}`);
  print("soak", soak);
  const rssAfter = rssMiB(server.pid);
  console.log(
    `server RSS: ${rssWarm.toFixed(0)} MiB after warm-up, ${rssAfter.toFixed(0)} MiB after the soak (${(rssAfter / rssWarm).toFixed(2)}×)`,
  );

  for (const phase of [warm, soak]) failures.push(...phase.failures.slice(0, 20));
  if (rssAfter > 1.5 * rssWarm)
    failures.push(`RSS grew ${(rssAfter / rssWarm).toFixed(2)}× (limit 1.5×)`);
  failures.push(...(await uploadsStoredOnce(server.databaseUrl)));
  console.log(`uploads acknowledged: ${acknowledgedUploads.size}`);
  failures.push(
    ...errorLines(server.log())
      .slice(0, 20)
      .map((l) => `log: ${l.slice(0, 300)}`),
  );
} catch (error) {
  failures.push(`soak aborted: ${(error as Error).stack ?? String(error)}`);
} finally {
  await server.stop();
}
for (const f of failures) console.log(`FAIL ${f}`);
console.log(failures.length === 0 ? "soak: passed" : `soak: ${failures.length} failure(s)`);
process.exit(failures.length === 0 ? 0 : 1);
