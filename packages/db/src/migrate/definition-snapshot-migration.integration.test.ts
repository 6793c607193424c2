import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { createDatabase } from "@meshbench/local-postgres";
import { adminDatabaseUrl, dropDatabase } from "@meshbench/testing/postgres";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "../client";
import { toData } from "../repositories/benchmark-repository";
import { definitionSnapshot } from "../repositories/definition-snapshot";
import { createRunRepository } from "../repositories/run-repository";

const migrationsDir = path.resolve(import.meta.dirname, "../../../../prisma/migrations");
const MIGRATION = "runs_are_records";

/** A definition with everything the snapshot digests or lists: manifests (non-ASCII too), images. */
const definition = ZBenchmarkDefinition.parse({
  key: "old-bench",
  name: "Before snapshots",
  template: "istio-perf-page",
  target: {
    kind: "workload",
    manifests:
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: app\n  annotations: {note: "überall"}\nspec:\n  ports: [{port: 8080}]\n',
    entry: { service: "app", port: 8080 },
  },
  variants: [
    { name: "baseline", mesh: "baseline" },
    {
      name: "hop",
      mesh: "custom",
      manifests: "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n",
      extraContainers: [{ name: "proxy", image: "registry.example/proxy:2.0" }],
    },
  ],
  loadMatrix: { qps: [100], connections: [4] },
  reportSections: ["percentiles", "resources"],
  methodology: { runRule: { dropWorst: 1, by: "p99" }, fortio: { image: "fortio/fortio:1.69.0" } },
});

describe(`migration ${MIGRATION}: existing runs get their benchmark's definition, reconstructed`, () => {
  const name = `mb_snapshot_${Date.now()}`;
  afterAll(() => dropDatabase(adminDatabaseUrl(), name));

  it("stores the snapshot core's snapshotOf would (digests and images included), and none for CI-only runs", async () => {
    const url = await createDatabase(adminDatabaseUrl(), name);
    const dirs = readdirSync(migrationsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const ours = dirs.findIndex((d) => d.endsWith(`_${MIGRATION}`));
    expect(ours).toBeGreaterThan(0);
    const sql = (dir: string) =>
      readFileSync(path.join(migrationsDir, dir, "migration.sql"), "utf8");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const dir of dirs.slice(0, ours)) await client.query(sql(dir));
      await client.query(`INSERT INTO "Workspace" (id, slug, name) VALUES ('ws', 'ws', 'ws')`);
      const row = toData(definition);
      await client.query(
        `INSERT INTO "Benchmark" (id, "workspaceId", key, name, description, target, variants,
           "loadMatrix", repetitions, "durationSeconds", "warmupSeconds", methodology, "updatedAt")
         VALUES ('b1', 'ws', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now()),
                ('b2', 'ws', 'ci', 'ci', NULL, '{"kind":"external"}', '[{"name":"baseline"}]',
                 '{}', 5, 30, 5, '{}', now())`,
        [
          row.key,
          row.name,
          row.description,
          JSON.stringify(row.target),
          JSON.stringify(row.variants),
          JSON.stringify(row.loadMatrix),
          row.repetitions,
          row.durationSeconds,
          row.warmupSeconds,
          JSON.stringify(row.methodology),
        ],
      );
      await client.query(
        `INSERT INTO "Run" (id, "workspaceId", "benchmarkId", title, status, source) VALUES
           ('r1', 'ws', 'b1', 'old', 'succeeded', 'scheduled'),
           ('r2', 'ws', 'b2', 'upload', 'succeeded', 'ci_upload'),
           ('r3', 'ws', NULL, 'orphan', 'succeeded', 'ci_upload')`,
      );
      for (const dir of dirs.slice(ours)) await client.query(sql(dir));
    } finally {
      await client.end();
    }
    const db = createPrismaClient(url);
    try {
      const runs = createRunRepository(db);
      const old = await runs.get("ws", "r1");
      expect(old?.definitionSource).toBe("reconstructed");
      // As the benchmark repository reads the row (an absent description is null there).
      expect(old?.definition).toEqual(definitionSnapshot({ ...definition, description: null }));
      expect(Object.keys(old!.definition!.manifestDigests).sort()).toEqual([
        "target.manifests",
        "variants.hop.manifests",
      ]);
      expect(old?.definition?.images).toEqual([
        "fortio/fortio:1.69.0",
        "registry.example/proxy:2.0",
      ]);
      for (const id of ["r2", "r3"]) {
        const run = await runs.get("ws", id);
        expect(run).toMatchObject({ definition: null, definitionSource: null });
      }
    } finally {
      await db.$disconnect();
    }
  });
});
