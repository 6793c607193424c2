/**
 * `pnpm --filter @meshbench/bench profile`: where an upload and a 100-trial run report spend
 * their time, in-process over a fresh embedded Postgres (no HTTP). A diagnostic, not the table.
 */
import { createCaller, createServices } from "@meshbench/api";
import { ZUploadResultsInput } from "@meshbench/contracts";
import { createPrismaClient, createUploadRepository } from "@meshbench/db";
import { trialKey } from "@meshbench/core";
import { importResult } from "@meshbench/formats";
import { createDatabase, startLocalPostgres } from "@meshbench/local-postgres";
import { spawnSync } from "node:child_process";
import { readDemoMatrix } from "@meshbench/demo";
import { syntheticRunTrials } from "./fixtures";
import { createBenchTokens } from "./ingest";
import { repoRoot } from "./stack";

const COORDINATES = {
  variant: "baseline",
  requestedQps: 100,
  connections: 8,
  payloadBytes: 0,
  protocol: "http1" as const,
  keepAlive: true,
  repetition: 1,
};
import { median } from "./stats";

async function time(label: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    t.push(performance.now() - t0);
  }
  process.stdout.write(`${label.padEnd(44)} p50 ${median(t).toFixed(2)} ms\n`);
}

const pg = await startLocalPostgres({ ephemeral: true });
try {
  const url = await createDatabase(pg.url, "mb_profile");
  const env = { ...process.env, DATABASE_URL: url, MESHBENCH_MODE: "local" };
  for (const a of [["db:migrate"], ["db:seed"]])
    spawnSync("pnpm", a, { cwd: repoRoot, env, stdio: "ignore" });
  const [token] = await createBenchTokens(url, 1);
  const db = createPrismaClient(url);
  const uploadRepository = createUploadRepository(db);
  const services = createServices(db, {
    rateLimits: { upload: { points: 1e9, durationSeconds: 60 } },
  });
  const found = await services.tokens.authenticate(token!);
  const actor = {
    userId: null,
    tokenId: found!.id,
    workspaceId: found!.workspaceId,
    role: "member" as const,
    scopes: found!.scopes,
    via: "token" as const,
  };
  const caller = createCaller({ services, actor });
  const files = readDemoMatrix();
  const text = files[0]!.text;
  const input = {
    benchmark: "profile",
    trials: [
      {
        format: "fortio" as const,
        result: JSON.parse(text) as Record<string, unknown>,
        repetition: 1,
      },
    ],
  };
  const parsed = ZUploadResultsInput.parse(input);
  const n = 100;
  await time("token lookup (authenticate)", n, () => services.tokens.authenticate(token!));
  await time("rate limiter consume", n, () => services.rateLimits.consume("upload", "k"));
  await time("zod parse input", n, () => Promise.resolve(ZUploadResultsInput.parse(input)));
  await time("import fortio (the parsed document)", n, () =>
    Promise.resolve(importResult(parsed.trials[0]!.result, "fortio")),
  );
  await time("uploads.createUploadRun (1 trial)", n, () =>
    uploadRepository.createUploadRun(found!.workspaceId, {
      benchmarkKey: "profile",
      title: "p",
      labels: {},
      git: {},
      environment: {},
      trials: [
        {
          key: trialKey(COORDINATES),
          coordinates: COORDINATES,
          sequence: 1,
          result: importResult(text, "fortio"),
          validityFlags: [],
        },
      ],
    }),
  );
  await time("caller.results.upload (whole procedure)", n, () => caller.results.upload(input));
  const { runId } = await caller.results.upload({
    benchmark: "profile100",
    trials: syntheticRunTrials(files),
  });
  await time("runs.get (100 trials, decode)", 20, () =>
    services.runs.get(found!.workspaceId, runId),
  );
  await time("reports.runReport (100 trials)", 10, () =>
    services.reports.runReport(found!.workspaceId, runId),
  );
  await time("caller.reports.run (with output validation)", 10, () =>
    caller.reports.run({ runId }),
  );
  await db.$disconnect();
} finally {
  await pg.stop();
}
