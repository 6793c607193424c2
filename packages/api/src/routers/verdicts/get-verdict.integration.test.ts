import { readFileSync } from "node:fs";
import path from "node:path";
import type { TBudgetsInput, TVerdict } from "@meshbench/contracts";
import { createPrismaClient } from "@meshbench/db";
import { useTestDatabase } from "@meshbench/testing/postgres";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../context";
import { createCaller } from "../../root";
import { demoMatrixDir, seedDemo } from "@meshbench/demo";
import { createServices } from "@meshbench/services";

const QPS = [100, 500, 1000] as const;
const matrix = (file: "baseline" | "nginx", qps: number, rep: number) =>
  readFileSync(path.join(demoMatrixDir, `${file}-qps${qps}-c8-rep${rep}.json`), "utf8");
/** Every QPS level of the real matrix, the chosen repetitions, uploaded as `variant`. */
const trials = (file: "baseline" | "nginx", reps: number[], variant = "baseline") =>
  QPS.flatMap((qps) =>
    reps.map((rep) => ({ result: matrix(file, qps, rep), variant, repetition: rep })),
  );

// The pooled median: tails on the shared 2-core machine are too noisy for 2–3 repetitions.
// minRepetitions 2 holds for absolute rules; relative ones need 3 a side for an interval.
const REGRESSION: TBudgetsInput = {
  minRepetitions: 2,
  rules: [
    { kind: "regression", statistic: "p50", reference: { branch: "main" }, maxIncreasePercent: 25 },
  ],
};

describe("verdicts.get over a real database, on the real Fortio matrix", () => {
  const db = useTestDatabase(createPrismaClient);
  let demo: Awaited<ReturnType<typeof seedDemo>>;
  const as = (role: Actor["role"]) =>
    createCaller({
      services: createServices(db()),
      actor: { userId: null, workspaceId: demo.workspaceId, role, via: "local" },
    });
  const upload = async (benchmark: string, branch: string, body: ReturnType<typeof trials>) =>
    (await as("member").results.upload({ benchmark, git: { branch }, trials: body })).runId;
  const verdict = (runId: string, referenceBranch?: string): Promise<TVerdict> =>
    as("viewer").verdicts.get({ runId, referenceBranch });

  beforeAll(async () => {
    demo = await seedDemo(db());
  });

  it("the README one-liner: one nginx trial against the demo budgets is inconclusive", async () => {
    const runId = (
      await as("member").results.upload({
        benchmark: "nginx-vs-baseline",
        variant: "nginx",
        git: { branch: "my-branch" },
        trials: [{ result: matrix("nginx", 500, 1) }],
      })
    ).runId;
    const v = await verdict(runId);
    expect(v.status).toBe("inconclusive");
    expect(v.reasons).toEqual([
      "nginx @ 500 QPS, 8 conn: no baseline trials at this load level",
      "nginx @ 500 QPS, 8 conn: 1 valid repetition(s), at least 2 required",
    ]);
  });

  let reference: string;
  it("is inconclusive while the benchmark defines no budgets", async () => {
    reference = await upload("matrix", "main", trials("baseline", [1, 2, 3]));
    const v = await verdict(reference);
    expect(v).toMatchObject({
      status: "inconclusive",
      reasons: ["the benchmark defines no budgets"],
    });
  });

  it("passes baseline repetitions 3–5 against 1–3 on main (same system; intervals need 3 a side)", async () => {
    await as("admin").verdicts.setBudgets({ benchmarkKey: "matrix", budgets: REGRESSION });
    const halves = await upload("matrix", "pr-halves", trials("baseline", [3, 4, 5]));
    const v = await verdict(halves);
    expect(v.status, v.reasons.join("\n")).toBe("pass");
    expect(v.reference?.runId).toBe(reference);
    expect(v.checks).toHaveLength(3);
    expect(
      v.checks.every((c) => c.kind === "regression" && c.effect?.candidateRepetitions === 3),
    ).toBe(true);
    // Reproducible: the seed comes from the run and reference ids.
    expect(await verdict(halves)).toEqual(v);
  });

  it("fails nginx in front of the same server at the same QPS", async () => {
    const nginx = await upload("matrix", "pr-nginx", trials("nginx", [1, 2, 3, 4, 5]));
    const v = await verdict(nginx);
    expect(v.status).toBe("fail");
    const at1000 = v.checks.find((c) => c.cell?.requestedQps === 1000)!;
    expect(at1000.status).toBe("fail");
    expect(at1000.effect!.relative).toBeGreaterThan(0.5);
    expect(at1000.effect!.relativeInterval![0]).toBeGreaterThan(0.25);
    expect(v.reasons.join("\n")).toMatch(/over budget — p50 .* 95% CI/);
  });

  it("is inconclusive with a single repetition per side", async () => {
    await upload("single", "main", trials("baseline", [1]));
    await as("admin").verdicts.setBudgets({ benchmarkKey: "single", budgets: REGRESSION });
    const v = await verdict(await upload("single", "pr", trials("nginx", [1])));
    expect(v.status).toBe("inconclusive");
    expect(v.reasons[0]).toContain("1 valid repetition(s), at least 2 required");
  });

  it("is inconclusive when the reference branch has no succeeded run", async () => {
    const halves = await upload("matrix", "pr-other", trials("baseline", [3, 4]));
    const v = await verdict(halves, "release-9");
    expect(v.status).toBe("inconclusive");
    expect(v.reference).toBeNull();
    expect(v.reasons.join("\n")).toContain("release-9");
  });

  it("judges the seeded demo run's nginx overhead over baseline in the same run", async () => {
    await as("admin").verdicts.setBudgets({
      benchmarkKey: "nginx-vs-baseline",
      budgets: { rules: [{ kind: "overhead", statistic: "p50", maxPercent: 10 }] },
    });
    const fail = await verdict(demo.runId);
    expect(fail.status).toBe("fail");
    expect(fail.checks.filter((c) => c.kind === "overhead")).toHaveLength(3);
    await as("admin").verdicts.setBudgets({
      benchmarkKey: "nginx-vs-baseline",
      budgets: { rules: [{ kind: "overhead", statistic: "p50", maxMs: 5 }] },
    });
    expect((await verdict(demo.runId)).status).toBe("pass");
  });

  it("hides another workspace's run (NOT_FOUND)", async () => {
    const other = await db().workspace.create({ data: { slug: "elsewhere", name: "Elsewhere" } });
    const foreign = createCaller({
      services: createServices(db()),
      actor: { userId: null, workspaceId: other.id, role: "owner", via: "local" },
    });
    await expect(foreign.verdicts.get({ runId: demo.runId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
