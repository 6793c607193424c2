/**
 * Ingest: one Fortio result POSTed through the public REST API as the CLI posts it (token auth,
 * rate limit, body limit, zod validation, import, store, Idempotency-Key) vs the physical floor: a bare `pg` INSERT of the same
 * JSON into a jsonb column of the same database, at the same concurrency.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { httpRequest } from "./http";
import { closedLoop, median, quantile } from "./stats";

export type IngestFigures = {
  clients: number;
  api: { p50: number; p99: number; perSecond: number; count: number; errors: number };
  floor: { p50: number; p99: number; perSecond: number; count: number; errors: number };
  serial: { apiP50: number; floorP50: number };
};

/** The upload limit is 30 per minute per token: the bench spreads its calls over many tokens. */
const PER_TOKEN = 25;

export async function createBenchTokens(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ws = await client.query<{ id: string }>(`SELECT id FROM "Workspace" WHERE slug = 'demo'`);
    const workspaceId = ws.rows[0]?.id;
    if (!workspaceId) throw new Error("demo workspace missing (seed failed?)");
    const tokens = Array.from(
      { length: count },
      () => `mbt_${randomBytes(32).toString("base64url")}`,
    );
    await client.query(
      `INSERT INTO "ApiToken" (id, "workspaceId", name, prefix, hash, scopes)
       SELECT 'bench' || i, $1, 'bench ' || i, left(t, 12), encode(sha256(convert_to(t, 'UTF8')), 'hex'),
              ARRAY['read','results:write']
       FROM unnest($2::text[]) WITH ORDINALITY AS x(t, i)`,
      [workspaceId, tokens],
    );
    // Same hash the app computes (sanity check of the SQL above).
    const check = await client.query(`SELECT 1 FROM "ApiToken" WHERE hash = $1`, [
      createHash("sha256").update(tokens[0]!, "utf8").digest("hex"),
    ]);
    if (check.rowCount !== 1) throw new Error("bench token hash mismatch");
    return tokens;
  } finally {
    await client.end();
  }
}

function summarise(r: { latencies: number[]; wallSeconds: number; errors: number }) {
  return {
    p50: median(r.latencies),
    p99: quantile(r.latencies, 0.99),
    perSecond: r.latencies.length / r.wallSeconds,
    count: r.latencies.length,
    errors: r.errors,
  };
}

export async function benchIngest(opts: {
  baseUrl: string;
  databaseUrl: string;
  fortioJson: string;
  tokens: string[];
  clients: number;
  serialCount: number;
  loadSeconds: number;
  loadMax: number;
}): Promise<IngestFigures> {
  const result: unknown = JSON.parse(opts.fortioJson);
  let tokenCalls = 0;
  const nextToken = () => {
    const token = opts.tokens[Math.floor(tokenCalls++ / PER_TOKEN)];
    if (!token) throw new Error("bench ran out of tokens");
    return token;
  };
  // The request's text is built once, as the floor's is: the bench times the server, not its own
  // JSON.stringify (each upload differs only in its label).
  const template = JSON.stringify({
    benchmark: "bench-ingest",
    variant: "baseline",
    trials: [{ format: "fortio", result, repetition: 1 }],
    labels: { i: "#" },
  });
  const upload = async (i: number) => {
    const body = template.replace('"i":"#"', `"i":"${i}"`);
    const res = await httpRequest(`${opts.baseUrl}/api/v1/results`, {
      method: "POST",
      // As the CLI sends it (meshbench upload): a fresh Idempotency-Key per upload.
      headers: {
        authorization: `Bearer ${nextToken()}`,
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
      },
      body,
    });
    if (res.status !== 200) throw new Error(`upload ${res.status}: ${res.body.slice(0, 300)}`);
  };

  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.clients });
  await pool.query(
    `CREATE TABLE IF NOT EXISTS bench_floor (id bigserial PRIMARY KEY, doc jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
  );
  const insert = async () => {
    // The floor receives the same bytes the API does: the request body's JSON text.
    await pool.query(`INSERT INTO bench_floor (doc) VALUES ($1::jsonb)`, [opts.fortioJson]);
  };

  try {
    await upload(0); // fail fast with the server's message if something is off
    // Warm both paths (JIT, connection pools, prepared statements, Next's route caches): a
    // server answers uploads all day, so the figure is its steady state, not its first minute.
    await closedLoop(4, { count: 600, seconds: 20 }, upload);
    await closedLoop(4, { count: 200, seconds: 10 }, insert);

    // Interleave the two sides in short alternating rounds so machine noise hits both alike.
    const serialApi: number[] = [];
    const serialFloor: number[] = [];
    for (let round = 0; round < 6; round++) {
      const a = await closedLoop(
        1,
        { count: Math.ceil(opts.serialCount / 6), seconds: 30 },
        upload,
      );
      const f = await closedLoop(
        1,
        { count: Math.ceil(opts.serialCount / 6), seconds: 30 },
        insert,
      );
      serialApi.push(...a.latencies);
      serialFloor.push(...f.latencies);
    }
    const api = await closedLoop(
      opts.clients,
      { count: opts.loadMax, seconds: opts.loadSeconds },
      upload,
    );
    const floor = await closedLoop(
      opts.clients,
      { count: opts.loadMax * 10, seconds: opts.loadSeconds },
      insert,
    );
    return {
      clients: opts.clients,
      api: summarise(api),
      floor: summarise(floor),
      serial: { apiP50: median(serialApi), floorP50: median(serialFloor) },
    };
  } finally {
    await pool.end();
  }
}
