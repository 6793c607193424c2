import type { Page } from "@playwright/test";
import { mergeHistograms, percentilesFromHistogram } from "@meshbench/core";
import { expect, test } from "../../fixtures/auth";
import { DEMO_RUN, fortioHistogram } from "./fortio-fixtures";

const LEVEL = "qps-500/c8/p0/http1/ka";
const cell = (page: Page, variant: string, stat: string) =>
  page.locator(
    `table[data-level="${LEVEL}"] tr[data-variant="${variant}"] td[data-stat="${stat}"]`,
  );

test("the run page pools repetitions exactly like mergeHistograms + percentilesFromHistogram", async ({
  page,
}) => {
  await page.goto("/runs");
  await page.getByRole("link", { name: DEMO_RUN }).first().click();
  await expect(page.getByRole("heading", { name: DEMO_RUN })).toBeVisible();
  await expect(page.getByRole("table", { name: "Percentiles 500 QPS · 8 conns" })).toBeVisible();

  const pooled = mergeHistograms(
    [1, 2, 3, 4, 5].map((r) => fortioHistogram(`nginx-qps500-c8-rep${r}.json`)),
  );
  const [p50, p90, p99, p999, p9999] = percentilesFromHistogram(pooled, [50, 90, 99, 99.9, 99.99]);
  for (const [stat, expected] of [
    ["p50", p50],
    ["p90", p90],
    ["p99", p99],
    ["p999", p999],
    ["p9999", p9999],
  ] as const) {
    const value = Number(await cell(page, "nginx", stat).getAttribute("data-value"));
    expect(value, stat).toBeCloseTo(expected!, 12);
  }
  await expect(cell(page, "nginx", "p50")).toContainText(`${(p50! * 1000).toFixed(3)} ms`);
  // Delta to baseline in words, with its 95% interval and mean ± SD over repetitions.
  await expect(cell(page, "nginx", "p50")).toContainText(/ms, \d+(\.\d)?% slower|no difference/);
  await expect(cell(page, "nginx", "p50")).toContainText("95% CI [");
  await expect(cell(page, "nginx", "p50")).toContainText("±");
  await expect(
    page.locator(`table[data-level="${LEVEL}"] tr[data-variant="baseline"]`),
  ).toContainText("reference");
});

test("the CDF and CCDF charts draw a path per variant; resources show an empty state", async ({
  page,
}) => {
  await page.goto("/runs");
  await page.getByRole("link", { name: DEMO_RUN }).first().click();
  const cdf = page.locator('figure[data-chart$="qps-500-c8-p0-http1-ka-cdf"]');
  const ccdf = page.locator('figure[data-chart$="qps-500-c8-p0-http1-ka-ccdf"]');
  for (const chart of [cdf, ccdf]) {
    await expect(chart.locator("path.recharts-curve")).toHaveCount(2);
    const d = await chart.locator("path.recharts-curve").first().getAttribute("d");
    expect(d?.split(/[LM]/).length ?? 0).toBeGreaterThan(10);
  }
  // Legend toggles hide a series; log/linear toggles are buttons.
  await ccdf.getByRole("button", { name: "nginx" }).click();
  await expect(ccdf.locator("path.recharts-curve")).toHaveCount(1);
  await cdf.getByRole("button", { name: /x: linear/ }).click();
  await expect(cdf.getByRole("button", { name: /x: log/ })).toBeVisible();
  await expect(page.locator('[data-empty="resources"]')).toBeVisible();
  await page.screenshot({ path: "artifacts/screenshots/run-page.png", fullPage: true });
});

test("the run page in dark mode", async ({ page }) => {
  await page.goto("/runs");
  await page.getByRole("link", { name: DEMO_RUN }).first().click();
  await page.getByRole("button", { name: /Theme: system/ }).click();
  await page.getByRole("button", { name: /Theme: light/ }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.screenshot({ path: "artifacts/screenshots/run-page-dark.png", fullPage: false });
});

test("the runs list filters by variant and status", async ({ page }) => {
  await page.goto("/runs?variant=nginx&source=import");
  await expect(page.getByRole("link", { name: DEMO_RUN })).toBeVisible();
  await page.goto("/runs?status=failed");
  await expect(page.getByText("No runs match these filters.")).toBeVisible();
});
