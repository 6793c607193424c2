import { percentileFromHistogram } from "@meshbench/core";
import { expect, test } from "../../fixtures/auth";
import { DEMO_RUN, fortioHistogram, fortioPercentile } from "./fortio-fixtures";

test("a single repetition pooled alone shows Fortio's own percentiles", async ({ page }) => {
  await page.goto("/runs");
  await page.getByRole("link", { name: DEMO_RUN }).first().click();
  await page.waitForURL(/\/runs\/[a-z0-9]+$/);
  const runId = new URL(page.url()).pathname.split("/")[2]!;
  await page.goto(`/compare?s=${runId}~nginx~qps-500/c8/p0/http1/ka~1&ref=0`);
  const row = page.locator("table.percentile-table tbody tr").first();
  for (const [stat, p] of [
    ["p50", 50],
    ["p75", 75],
    ["p90", 90],
    ["p99", 99],
    ["p999", 99.9],
  ] as const) {
    const value = Number(await row.locator(`td[data-stat="${stat}"]`).getAttribute("data-value"));
    expect(value, stat).toBe(fortioPercentile("nginx-qps500-c8-rep1.json", p));
  }
  // Fortio printed no p99.99 (-p 50,75,90,99,99.9): it comes from the histogram by Fortio's rule.
  const p9999 = Number(await row.locator('td[data-stat="p9999"]').getAttribute("data-value"));
  expect(p9999, "p9999").toBeCloseTo(
    percentileFromHistogram(fortioHistogram("nginx-qps500-c8-rep1.json"), 99.99),
    12,
  );
});

test("the compare URL reproduces the same view in a new browser context", async ({
  page,
  browser,
}) => {
  await page.goto("/runs");
  await page.getByRole("link", { name: DEMO_RUN }).first().click();
  await page
    .getByRole("link", { name: /compare \/ overlay/ })
    .nth(1)
    .click();
  await expect(page).toHaveURL(/\/compare\?s=/);
  await page
    .getByRole("combobox", { name: /Add series/ })
    .selectOption({ label: "nginx · 1000 QPS · 8 conns" });
  await page.getByRole("button", { name: "Add" }).click();
  await page.getByRole("link", { name: "make reference" }).last().click();
  await expect(page.locator("[data-series] .badge.ref")).toHaveCount(1);
  const table = page.locator("table.percentile-table");
  await expect(table.locator("tbody tr")).toHaveCount(3);
  await expect(
    page.locator('figure[data-chart="comparison-ccdf"] path.recharts-curve'),
  ).toHaveCount(3);
  const url = page.url();
  const text = (await table.textContent()) ?? "";
  await page.screenshot({ path: "artifacts/screenshots/compare-page.png", fullPage: true });

  const other = await browser.newContext({
    baseURL: process.env.MESHBENCH_E2E_BASE_URL,
    storageState: await page.context().storageState(),
  });
  const again = await other.newPage();
  await again.goto(url);
  await expect(again.locator("table.percentile-table")).toHaveText(text);
  await expect(again.locator('tr:has(.badge.ref) th[scope="row"]')).toContainText(
    "nginx · 1000 QPS",
  );
  await other.close();
});

test("a bad permalink gives a clear 404", async ({ page }) => {
  const response = await page.goto("/compare?s=nosuchrun~baseline~qps-1/c1/p0/http1/ka&ref=0");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  expect((await page.goto("/compare?s=broken&ref=3"))?.status()).toBe(404);
});
