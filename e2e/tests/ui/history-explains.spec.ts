import { expect, test } from "../../fixtures/auth";

const HISTORY = "/benchmarks/nightly-echo/history?statistic=p50";

test("the seeded history says it is seeded, marks the istio upgrade and attributes the step to it", async ({
  page,
}) => {
  await page.goto(HISTORY);
  await expect(page.getByTestId("seeded-demo")).toContainText("Seeded demo data");
  const trend = page.locator('figure[data-chart="trend"]');
  const marker = trend.locator(".history-marker-mesh");
  await expect(marker).toHaveCount(1);
  // Recharts draws reference-line labels in a layer of their own.
  await expect(
    trend.locator(".recharts-label", { hasText: "istio 1.26.2 → 1.27.1" }),
  ).toBeVisible();
  const row = page
    .getByRole("table", { name: "Change points" })
    .locator('tr[data-series="baseline @ 100 QPS, 8 conn|p50"]');
  await expect(row.getByTestId("coincides")).toContainText(
    "coincides with mesh version change istio 1.26.2 → 1.27.1",
  );
  await page.screenshot({ path: "artifacts/screenshots/history-markers.png", fullPage: true });
});

test("comparing the runs at istio 1.26.2 with those at 1.27.1: six runs a side, an interval over runs", async ({
  page,
}) => {
  await page.goto(HISTORY);
  const section = page.getByTestId("history-comparison");
  await section.locator("select[name=a]").selectOption("istio 1.26.2");
  await section.locator("select[name=b]").selectOption("istio 1.27.1");
  await section.getByRole("button", { name: "Compare" }).click();
  await expect(section).toContainText("A: 6 run(s), B: 6 run(s)");
  await expect(section).toContainText("resampling runs");
  const result = section.locator('tr[data-series="baseline @ 100 QPS, 8 conn"]');
  await expect(result).toContainText(/\+\d/);
  await expect(result).toContainText(/\[\+[\d.]+, \+[\d.]+\] ms/);
});

test("excluding a night greys it, drops it from the trend, says why on its page, and includes it again", async ({
  page,
}) => {
  await page.goto(HISTORY);
  const runs = page.getByRole("table", { name: "History runs" });
  const night = runs.locator("tr", { has: page.getByRole("link", { name: /^nightly #2$/ }) });
  await night.getByRole("button", { name: "Exclude…" }).click();
  await night.getByLabel("Reason").fill("bad night: cluster was being upgraded");
  await night.getByRole("button", { name: "Exclude", exact: true }).click();
  await expect(night).toHaveAttribute("data-excluded", "true");
  await expect(night).toContainText("excluded: bad night: cluster was being upgraded");
  await expect(page.getByText("1 excluded run(s) are not drawn.")).toBeVisible();
  // The step is still one change point, still attributed to the upgrade.
  await expect(page.getByRole("table", { name: "Change points" }).locator("tbody tr")).toHaveCount(
    1,
  );

  await night.getByRole("link", { name: /^nightly #2$/ }).click();
  await page.waitForURL(/\/runs\/[a-z0-9]+$/);
  const note = page.getByTestId("run-excluded");
  await expect(note).toContainText("Excluded from history, change points and baselines");
  await expect(note).toContainText("bad night: cluster was being upgraded");
  await note.getByRole("button", { name: "Include again" }).click();
  await expect(note).toHaveCount(0);

  await page.goto(HISTORY);
  await expect(night).not.toHaveAttribute("data-excluded", "true");
  await expect(night).toContainText("counted");
});
