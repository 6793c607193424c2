import type { Page } from "@playwright/test";
import { ZBenchmarkDefinition } from "@meshbench/contracts";
import { createBenchmarkRepository, createPrismaClient, createRunRepository } from "@meshbench/db";
import { expect, test } from "../../fixtures/auth";

const input = (page: Page, name: string) =>
  page.locator(`[data-field="${name}"]`).locator("input, textarea, select").first();

/** A benchmark of the demo workspace and a finished run created from it (its snapshot stored). */
async function benchmarkWithRun(key: string) {
  const db = createPrismaClient(process.env.MESHBENCH_E2E_DATABASE_URL!, { maxConnections: 1 });
  try {
    const { id: ws } = await db.workspace.findUniqueOrThrow({ where: { slug: "demo" } });
    const definition = ZBenchmarkDefinition.parse({
      key,
      name: `Records ${key}`,
      target: { kind: "fortio-echo" },
      variants: [
        { name: "baseline", mesh: "baseline" },
        { name: "istio", mesh: "istio-sidecar" },
      ],
      loadMatrix: { qps: [100], connections: [8] },
      repetitions: 3,
    });
    const bench = await createBenchmarkRepository(db).create(ws, definition);
    const runId = await createRunRepository(db).create(ws, {
      title: `Run of ${key}`,
      source: "scheduled",
      status: "succeeded",
      benchmarkId: bench.id,
      definition,
    });
    return { runId, key };
  } finally {
    await db.$disconnect();
  }
}

test("the run page shows the definition as run and, after an edit, what changed", async ({
  page,
}) => {
  const { runId, key } = await benchmarkWithRun(`records-${Date.now().toString(36)}`);
  await page.goto(`/runs/${runId}`);
  const section = page.getByTestId("definition-as-run");
  await expect(section.getByRole("heading", { name: "Definition as run" })).toBeVisible();
  await expect(section.getByTestId("definition-unchanged")).toContainText(key);
  await expect(section).toContainText("baseline (baseline), istio (istio-sidecar)");

  // Edit the benchmark in the editor: the run keeps its definition, the page shows the diff.
  await page.goto(`/benchmarks/${key}/edit`);
  await input(page, "repetitions").fill("5");
  await input(page, "warmupSeconds").fill("12");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/benchmarks$/);

  await page.goto(`/runs/${runId}`);
  const diff = page.getByTestId("definition-diff");
  await expect(diff.locator('tr[data-path="repetitions"]')).toContainText("35");
  await expect(diff.locator('tr[data-path="warmupSeconds"]')).toContainText("512");
  await expect(section.getByRole("status")).toContainText("2 paths differ");
  await expect(section).toContainText("3 repetitions of 30 s, warm-up 5 s");
  await page.screenshot({ path: "artifacts/screenshots/definition-as-run.png", fullPage: true });

  // The key is the benchmark's name for CI and history: the editor cannot change it any more.
  await page.goto(`/benchmarks/${key}/edit`);
  await input(page, "key").fill(`${key}-renamed`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/cannot change once the benchmark has runs/)).toBeVisible();
});

test("an admin edits budgets; the run's stored verdict keeps the old ones until judged again", async ({
  page,
}) => {
  const { runId, key } = await benchmarkWithRun(`budgets-${Date.now().toString(36)}`);
  await page.goto(`/runs/${runId}`);
  const verdict = page.getByTestId("run-verdict");
  await expect(verdict.getByTestId("verdict-status")).toHaveText("inconclusive");
  await expect(verdict.getByTestId("verdict-budgets")).toContainText("no budget rules");

  await page.goto(`/benchmarks/${key}/budgets`);
  await expect(page.getByRole("heading", { name: `Budgets of ${key}` })).toBeVisible();
  await page.getByRole("button", { name: "Add rule" }).click();
  const rule = page.getByTestId("budget-rule-0");
  await rule.getByLabel("Statistic").selectOption("p50");
  await rule.getByLabel("Max ms").fill("abc");
  await page.getByRole("button", { name: "Save budgets" }).click();
  const editor = page.getByRole("form", { name: "Budgets" });
  await expect(editor.getByRole("alert")).toContainText("rules.0.maxMs");
  await rule.getByLabel("Max ms").fill("25");
  await page.getByRole("button", { name: "Save budgets" }).click();
  await expect(editor.getByRole("status")).toHaveText("Saved");
  await page.reload();
  await expect(page.getByTestId("budget-rule-0").getByLabel("Max ms")).toHaveValue("25");
  await page.screenshot({ path: "artifacts/screenshots/budgets-editor.png", fullPage: true });

  // The verdict on the run page is the record judged before the edit…
  await page.goto(`/runs/${runId}`);
  await expect(verdict.getByTestId("verdict-budgets")).toContainText("no budget rules");
  // …until someone asks for a new judgement.
  await verdict.getByRole("button", { name: "Judge again by today's budgets" }).click();
  await expect(verdict.getByTestId("verdict-budgets")).toContainText("p50 ≤ 25 ms");
});

test("archiving hides a benchmark from the list; its run and history stay", async ({ page }) => {
  const { runId, key } = await benchmarkWithRun(`archive-${Date.now().toString(36)}`);
  await page.goto("/benchmarks");
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: `Archive ${key}` }).click();
  await expect(page.locator(`tr[data-benchmark="${key}"]`)).toHaveCount(0);
  await page.getByRole("link", { name: "Show archived benchmarks" }).click();
  await expect(page.locator(`tr[data-benchmark="${key}"]`)).toContainText("archived");
  await page.goto(`/runs/${runId}`);
  await expect(page.getByTestId("definition-as-run")).toContainText("(archived)");
  await page.goto(`/benchmarks/${key}/history`);
  await expect(page.getByRole("heading").first()).toBeVisible();
});
