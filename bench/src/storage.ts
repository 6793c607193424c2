import pg from "pg";

/** Bytes per stored trial (histogram + summary, as Postgres stores them) vs the raw Fortio JSON. */
export async function benchStorage(databaseUrl: string, runId: string, rawBytesPerTrial: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ hs: string; row: string; n: string }>(
      `SELECT avg(pg_column_size(histogram) + pg_column_size(summary))::float8 AS hs,
              avg(pg_column_size(t.*))::float8 AS row, count(*) AS n
       FROM "Trial" t WHERE "runId" = $1`,
      [runId],
    );
    const jsonb = await client.query<{ b: string }>(
      `SELECT avg(pg_column_size(doc))::float8 AS b FROM bench_floor`,
    );
    const row = r.rows[0]!;
    return {
      histogramAndSummary: Number(row.hs),
      wholeRow: Number(row.row),
      trials: Number(row.n),
      rawJson: rawBytesPerTrial,
      rawAsJsonb: Number(jsonb.rows[0]?.b ?? Number.NaN),
    };
  } finally {
    await client.end();
  }
}
