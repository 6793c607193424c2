import type { Page } from "@playwright/test";
import { createPrismaClient, createRunRepository } from "@meshbench/db";
import { expect, test } from "../../fixtures/auth";

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
const input = (page: Page, name: string) =>
  field(page, name).locator("input, textarea, select").first();

test("new benchmark from a template: pick meshes, edit a new field, save, and it persists", async ({
  page,
}) => {
  await page.goto("/benchmarks/new");
  const picker = page.getByRole("region", { name: "New benchmark from a template" });
  await picker
    .getByRole("combobox", { name: "Template", exact: true })
    .selectOption("linkerd-vs-istio");
  await expect(picker.getByRole("combobox", { name: "Mesh 1", exact: true })).toHaveValue(
    "linkerd",
  );
  await picker.getByRole("combobox", { name: "Mesh 2", exact: true }).selectOption("istio-ambient");
  await expect(picker.getByTestId("template-cannot-reproduce")).toContainText("emojivoto");
  await picker.getByRole("button", { name: "Use template" }).click();
  await expect(page.getByTestId("template-loaded")).toContainText("linkerd-vs-istio");

  // The 2021 re-run's values: 20/200/2000 RPS, 8 runs × 600 s, the 3 worst by max dropped.
  await expect(input(page, "key")).toHaveValue("linkerd-vs-istio");
  await expect(input(page, "loadMatrix.qps")).toHaveValue("20, 200, 2000");
  await expect(input(page, "repetitions")).toHaveValue("8");
  await expect(input(page, "durationSeconds")).toHaveValue("600");
  await expect(input(page, "methodology.runRule.dropWorst")).toHaveValue("3");
  await expect(input(page, "methodology.runRule.by")).toHaveValue("max");
  await expect(input(page, "target.kind")).toHaveValue("sample-app");
  await expect(input(page, "variants.2.mesh")).toHaveValue("istio-ambient");
  await expect(page.getByTestId("trial-count")).toHaveText("72"); // 3 variants × 3 levels × 8

  // Fields the editor did not show before: seed, sidecar CPU limit, a report section.
  await input(page, "key").fill("e2e-from-template");
  await input(page, "methodology.seed").fill("7");
  await input(page, "methodology.sidecarResources.limits.cpu").fill("200m");
  await page.getByRole("checkbox", { name: "Latency vs connections", exact: true }).check();
  await page.screenshot({
    path: "artifacts/screenshots/benchmark-from-template.png",
    fullPage: true,
  });
  await page.getByRole("button", { name: "Create benchmark" }).click();
  await expect(page).toHaveURL(/\/benchmarks$/);

  const row = page.locator('tr[data-benchmark="e2e-from-template"]');
  await row.getByRole("link", { name: "Edit e2e-from-template" }).click();
  await expect(input(page, "methodology.seed")).toHaveValue("7");
  await expect(input(page, "methodology.sidecarResources.limits.cpu")).toHaveValue("200m");
  await expect(input(page, "methodology.runRule.dropWorst")).toHaveValue("3");
  await expect(
    page.getByRole("checkbox", { name: "Latency vs connections", exact: true }),
  ).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Mean ± SD bars", exact: true })).toBeChecked();

  const db = createPrismaClient(process.env.MESHBENCH_E2E_DATABASE_URL!, { maxConnections: 1 });
  try {
    const stored = await db.benchmark.findFirstOrThrow({ where: { key: "e2e-from-template" } });
    const extras = (stored.methodology as { definitionExtras?: { template?: string } })
      .definitionExtras;
    expect(extras?.template).toBe("linkerd-vs-istio");
  } finally {
    await db.$disconnect();
  }
});

test("a member cancels a queued run from its page", async ({ page }) => {
  const db = createPrismaClient(process.env.MESHBENCH_E2E_DATABASE_URL!, { maxConnections: 1 });
  try {
    const runs = createRunRepository(db);
    const { id: workspaceId } = await db.workspace.findUniqueOrThrow({ where: { slug: "demo" } });
    const runId = await runs.create(workspaceId, {
      title: `Cancel e2e ${Date.now()}`,
      source: "scheduled",
      status: "queued",
    });
    await page.goto(`/runs/${runId}`);
    page.once("dialog", (d) => void d.accept());
    await page.getByRole("button", { name: "Cancel run" }).click();
    await expect(page.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
    await expect(page.locator(".run-header")).toContainText("cancelled");
    const row = await db.run.findUniqueOrThrow({ where: { id: runId } });
    expect(row.status).toBe("cancelled");
  } finally {
    await db.$disconnect();
  }
});
