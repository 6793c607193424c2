import { readFileSync } from "node:fs";
import path from "node:path";
import { demoMatrixDir } from "@meshbench/demo";
import { expect, test } from "../../fixtures/auth";

const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(demoMatrixDir, name), "utf8")) as {
    DurationHistogram: { Percentiles: { Percentile: number; Value: number }[]; Count: number };
  };

test("home leads to the runs list with the demo run", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/runs$/);
  await expect(page.getByRole("heading", { name: "Runs" })).toBeVisible();
  await expect(page.getByRole("link", { name: /nginx proxy vs baseline/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toContainText("Clusters");
});

test("the demo run shows every trial with Fortio's own numbers", async ({ page }) => {
  await page.goto("/runs");
  await page.getByRole("link", { name: /nginx proxy vs baseline/ }).click();
  await expect(page.getByRole("heading", { name: /nginx proxy vs baseline/ })).toBeVisible();
  await page.getByText(/All 30 trials/).click(); // the per-trial table sits in a closed <details>
  const rows = page.getByRole("table", { name: "Trials" }).locator("tbody tr");
  await expect(rows).toHaveCount(30);

  const expected = fixture("nginx-qps500-c8-rep1.json").DurationHistogram;
  const p50 = expected.Percentiles.find((p) => p.Percentile === 50)!.Value;
  const row = page.locator('tr[data-trial-key="nginx/qps-500/c8/p0/http1/ka/rep1"]');
  await expect(row).toContainText(`${(p50 * 1000).toFixed(3)} ms`);
  await expect(row).toContainText(String(expected.Count));
  await page.screenshot({ path: "artifacts/screenshots/demo-run.png", fullPage: true });
});

test("an unknown run gives a clear 404", async ({ page }) => {
  const response = await page.goto("/runs/doesnotexist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
});
