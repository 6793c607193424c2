import type { Page } from "@playwright/test";
import { STATISTICS, STATISTIC_LABELS } from "@meshbench/contracts";
import { expect, test } from "../../fixtures/auth";
import { expectHonestCharts, parseTick, roundTicks } from "./chart-checks";
import { DEMO_RUN } from "./fortio-fixtures";

async function openRun(page: Page, name: RegExp) {
  await page.goto("/runs");
  await page.getByRole("link", { name }).first().click();
  await page.waitForURL(/\/runs\/[a-z0-9]+$/);
  return new URL(page.url()).pathname.split("/")[2]!;
}

const figure = (page: Page, title: string | RegExp) =>
  page.locator("figure.chart").filter({ has: page.getByRole("heading", { name: title }) });

test("the round-tick check itself: 1-2-5 steps and log decades pass, the old ticks fail", () => {
  for (const ok of [
    [0, 0.5, 1, 1.5, 2],
    [0, 200, 600, 1000],
    [0.01, 0.1, 1, 10, 100],
    [0.2, 0.5, 1, 2],
    [0, 20, 40, 60, 80, 100],
  ])
    expect(roundTicks(ok), ok.join()).toBe(true);
  for (const bad of [
    [0.05, 0.95, 1.9, 2.85],
    [100, 350, 600, 850, 1000],
    [0, 0.95, 1.9, 2.85, 3.8],
    [0, 25, 50, 75, 100],
    [0, 0.8, 1.6, 2.4, 3.2],
    [99.97, 350, 600],
  ])
    expect(roundTicks(bad), bad.join()).toBe(false);
  expect(parseTick("\u22120.5")).toBe(-0.5);
  expect(parseTick("20%")).toBe(20);
  expect(parseTick("p99")).toBeNaN();
});

test("the run page leads with the answer and draws every chart once, on round ticks", async ({
  page,
}) => {
  await openRun(page, DEMO_RUN);
  // The answer first: the first section heading after the run's own is the summary — or the
  // stored verdict against the benchmark's budgets, when it has budgets, and then the summary.
  await expect(page.getByRole("heading", { level: 2, name: "Summary" })).toBeVisible();
  const headings = (await page.locator("main h2").allTextContents()).map((h) => h.trim());
  const at = headings.indexOf("Summary");
  expect(at, headings.join(" | ")).toBeGreaterThanOrEqual(0);
  expect(at, headings.join(" | ")).toBeLessThanOrEqual(1);
  if (at === 1) expect(headings[0]).toMatch(/^Verdict/);
  const summary = page.getByTestId("report-summary");
  await expect(summary.locator("li")).toHaveCount(3);
  for (const level of ["100 QPS · 8 conns", "500 QPS · 8 conns", "1000 QPS · 8 conns"])
    await expect(summary.locator("li", { hasText: level })).toContainText(
      /nginx is [\d.]+ (ms|µs) \([+−][\d.]+%\) (slower|faster) at p50, (within|outside|too few)/,
    );
  // Results before the environment, which comes last.
  const order = await page
    .locator(
      '[data-testid="report-summary"], [data-testid^="report-section-"], [data-testid="environment"]',
    )
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));
  expect(order[0]).toBe("report-summary");
  expect(order[order.length - 1]).toBe("environment");

  const charts = await expectHonestCharts(page);
  expect(charts.flatMap((c) => c.axes).length).toBeGreaterThan(20);
  // Achieved vs requested and the error rate: drawn once on the page.
  const titles = charts.map((c) => c.title);
  expect(titles.filter((t) => /^Achieved vs requested/.test(t))).toHaveLength(1);
  expect(titles.filter((t) => /^Error rate/.test(t))).toHaveLength(1);

  // One connection count: no column of dots, a sentence instead.
  const vsConns = figure(page, "p99 latency vs connections");
  await expect(vsConns.locator(".recharts-surface")).toHaveCount(0);
  await expect(vsConns).toContainText("single connection count");

  // Mean ± SD: every statistic labelled, p99.99 included.
  const bars = page.getByTestId("report-section-mean-sd-bars").locator("figure.chart");
  await expect(bars).toHaveCount(3);
  for (const chart of await bars.all())
    await expect(
      chart.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value"),
    ).toHaveText(STATISTICS.map((s) => STATISTIC_LABELS[s]));

  // Per-repetition rows by level in number order: 100, 500, 1000 QPS (loaded when opened).
  await page.getByText(/^All \d+ repetitions/).click();
  const repetitions = page.getByRole("table", { name: "Per-repetition results" });
  await expect(repetitions.locator("tbody tr").first()).toBeVisible();
  const levels = await repetitions.locator("tbody tr td:first-child").allTextContents();
  const qps = levels.map((l) => Number(/^(\d+) QPS/.exec(l)?.[1]));
  expect(qps).toEqual([...qps].sort((a, b) => a - b));
  expect(new Set(qps)).toEqual(new Set([100, 500, 1000]));

  // A log axis follows the rule too.
  const cdf = figure(page, "Latency CDF · 500 QPS · 8 conns");
  await cdf.getByRole("button", { name: "x: linear" }).click();
  await expect(cdf.getByRole("button", { name: "x: log" })).toBeVisible();
  await expectHonestCharts(page);
  await page.screenshot({ path: "artifacts/screenshots/first-impression-run.png", fullPage: true });
});

test("an uploaded run: true trial counts, the fingerprint as rows, a one-level report", async ({
  page,
}) => {
  await page.goto("/runs");
  const row = page.getByRole("row", { name: /nightly #3\b/ });
  await expect(row.locator('td[data-column="trials"]')).toHaveText("3");
  await expect(page.locator('td[data-column="trials"]', { hasText: "/0" })).toHaveCount(0);

  await openRun(page, /^nightly #3$/);
  await expect(page.getByText(/^succeeded · 3 trials/)).toBeVisible();
  const environment = page.getByTestId("environment");
  await expect(environment.getByRole("heading", { name: "Fingerprint" })).toBeVisible();
  await expect(environment.locator("dt", { hasText: "kubernetesVersion" })).toBeVisible();
  await expect(environment.locator("dt", { hasText: /^meshVersions\.istio$/ })).toBeVisible();
  await expect(environment.locator("pre")).toHaveCount(0);
  await expect(environment).not.toContainText("{");
  await expect(page.getByTestId("report-summary").locator("li")).toHaveCount(1);
  await expectHonestCharts(page);
});

test("the compare page: unique titles and round ticks", async ({ page }) => {
  const runId = await openRun(page, DEMO_RUN);
  const level = "qps-500/c8/p0/http1/ka";
  await page.goto(`/compare?s=${runId}~baseline~${level}&s=${runId}~nginx~${level}&ref=0`);
  await expect(page.locator("table.percentile-table tbody tr")).toHaveCount(2);
  const charts = await expectHonestCharts(page);
  expect(charts.length).toBeGreaterThanOrEqual(3);
});

test("the history page: a titled trend on round ticks, its legend clear of the axis", async ({
  page,
}) => {
  await page.goto("/benchmarks/nightly-echo/history");
  const charts = await expectHonestCharts(page);
  expect(charts.map((c) => c.title)).toEqual(["p99 across commits"]);
  expect(charts[0]!.axes.find((a) => a.axis === "y")!.ticks.length).toBeGreaterThan(2);

  const trend = page.locator('figure[data-chart="trend"]');
  const axisTitle = await trend.locator(".recharts-label", { hasText: "commit" }).boundingBox();
  const legend = await trend.locator("ul.legend").boundingBox();
  expect(axisTitle && legend, "axis title and legend drawn").toBeTruthy();
  expect(legend!.y, "legend below the axis title").toBeGreaterThanOrEqual(
    axisTitle!.y + axisTitle!.height,
  );
  // The runs table in the report tables' frame.
  const runs = page.getByRole("table", { name: "History runs" });
  await expect(runs).toHaveClass(/\bdata\b/);
  await expect(runs.locator("tbody tr")).toHaveCount(12);
  await page.screenshot({ path: "artifacts/screenshots/history.png", fullPage: true });
});
