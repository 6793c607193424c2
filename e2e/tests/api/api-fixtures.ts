import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createPrismaClient } from "@meshbench/db";
import type { TBudgetsInput } from "@meshbench/contracts";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
export const FIXTURES = path.join(ROOT, "packages/formats/fixtures");
/** The seed's demo token (local mode only), every scope. */
export const DEMO_TOKEN = "mbt_demo_local_only_0000000000000000000000000000";

export const baseUrl = () => process.env.MESHBENCH_E2E_BASE_URL!;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function fixture(relative: string) {
  return readFileSync(path.join(FIXTURES, relative), "utf8");
}

/** Every result fixture (README files aside), grouped by folder. */
export function fixtureFiles(): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(FIXTURES, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (/\.(json|txt)$/.test(entry.name)) groups.set(dir, [...(groups.get(dir) ?? []), rel]);
    }
  };
  walk("");
  return groups;
}

/** Test-only database access: tokens with chosen scopes, another workspace, benchmark budgets. */
export function withDatabase<T>(
  fn: (db: ReturnType<typeof createPrismaClient>) => Promise<T>,
): Promise<T> {
  return withDatabaseAt(process.env.MESHBENCH_E2E_DATABASE_URL!, fn);
}

/** The same against another server's database (a spec that starts its own app server). */
export async function withDatabaseAt<T>(
  url: string,
  fn: (db: ReturnType<typeof createPrismaClient>) => Promise<T>,
): Promise<T> {
  const db = createPrismaClient(url, { maxConnections: 2 });
  try {
    return await fn(db);
  } finally {
    await db.$disconnect();
  }
}

export async function createToken(workspaceSlug: string, scopes: string[]): Promise<string> {
  const token = `mbt_${randomBytes(24).toString("base64url")}`;
  await withDatabase(async (db) => {
    const ws = await db.workspace.upsert({
      where: { slug: workspaceSlug },
      create: { slug: workspaceSlug, name: workspaceSlug },
      update: {},
    });
    const hash = createHash("sha256").update(token).digest("hex");
    await db.apiToken.create({
      data: {
        workspaceId: ws.id,
        name: `e2e ${scopes.join(",")}`,
        prefix: token.slice(0, 12),
        hash,
        scopes,
      },
    });
  });
  return token;
}

export async function setBudgets(
  workspaceSlug: string,
  benchmarkKey: string,
  budgets: TBudgetsInput,
) {
  await withDatabase(async (db) => {
    const ws = await db.workspace.findUniqueOrThrow({ where: { slug: workspaceSlug } });
    await db.benchmark.update({
      where: { workspaceId_key: { workspaceId: ws.id, key: benchmarkKey } },
      data: { budgets },
    });
  });
}

/** An upload body from matrix files, e.g. matrixTrials("nginx", [1, 2]) → every QPS level. */
export function matrixTrials(
  variantFile: "baseline" | "nginx",
  reps: number[],
  asVariant = "baseline",
) {
  return [100, 500, 1000].flatMap((qps) =>
    reps.map((rep) => ({
      result: fixture(`fortio/matrix/${variantFile}-qps${qps}-c8-rep${rep}.json`),
      variant: asVariant,
      repetition: rep,
    })),
  );
}

/** A registered cluster as the scheduler sees it (no kubeconfig: nothing will ever reach it). */
export async function addCluster(
  workspaceSlug: string,
  name: string,
  status: "ready" | "unreachable",
  statusMessage: string | null = null,
) {
  await withDatabase(async (db) => {
    const ws = await db.workspace.findUniqueOrThrow({ where: { slug: workspaceSlug } });
    await db.cluster.create({ data: { workspaceId: ws.id, name, status, statusMessage } });
  });
}
