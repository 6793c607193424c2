import { expect, test } from "../../fixtures/auth";
import { DEMO_RUN } from "./fortio-fixtures";

test("the run page shows the write-ups' sections, each findable by its test id", async ({
  page,
}) => {
  await page.goto("/runs");
  await page.getByRole("link", { name: DEMO_RUN }).first().click();
  await expect(page.getByRole("heading", { name: DEMO_RUN })).toBeVisible();

  // Every section the demo run has data for, in the report's order, with a stable heading.
  const ids = await page
    .locator('[data-testid^="report-section-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));
  expect(ids).toEqual([
    "report-section-percentiles",
    "report-section-added-latency",
    "report-section-per-repetition",
    "report-section-mean-sd-bars",
    "report-section-distribution",
    "report-section-latency-vs-qps",
    "report-section-load-curves",
    "report-section-resources",
  ]);
  await expect(
    page.getByRole("heading", { name: "Latency added over the baseline" }),
  ).toBeVisible();

  // D: the added P90/P99 of nginx over baseline at each of the three levels.
  const added = page.getByRole("table", { name: "Added latency" });
  await expect(added.locator('tbody tr[data-variant="nginx"]')).toHaveCount(3);
  await expect(added.locator("tbody tr").first()).toContainText(/[+−]\d/);

  // C: one row per repetition (2 variants × 3 levels × 5 runs), with P75 among the columns.
  // (loaded when its <details> is opened: the page ships what it renders)
  await page.getByText(/All 30 repetitions/).click();
  const reps = page.getByRole("table", { name: "Per-repetition results" });
  await expect(reps.locator("tbody tr")).toHaveCount(30);
  await expect(reps.locator("thead")).toContainText("p75");

  // Mean ± SD bars with error bars, one chart per level.
  const bars = page.getByTestId("report-section-mean-sd-bars").locator("figure");
  await expect(bars).toHaveCount(3);
  await expect(bars.first().locator(".recharts-errorBar").first()).toBeAttached();

  // Saturation stated, and the load curves drawn.
  await expect(page.getByTestId("report-saturation")).toContainText(/did not saturate up to/);
  await expect(
    page.getByTestId("report-section-load-curves").getByRole("heading", {
      name: "Achieved vs requested QPS (knee marked)",
    }),
  ).toBeVisible();
  await expect(page.getByTestId("report-warmup")).toContainText("uploaded");
  await page.screenshot({ path: "artifacts/screenshots/report-sections.png", fullPage: true });
});
