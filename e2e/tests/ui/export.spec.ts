import { readFile } from "node:fs/promises";
import { expect, test } from "../../fixtures/auth";
import { DEMO_RUN } from "./fortio-fixtures";

test("CSV export downloads the percentile table", async ({ page }) => {
  await page.goto("/runs");
  await page.getByRole("link", { name: DEMO_RUN }).first().click();
  const p50 = await page
    .locator(
      'table[data-level="qps-500/c8/p0/http1/ka"] tr[data-variant="nginx"] td[data-stat="p50"]',
    )
    .getAttribute("data-value");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  // The percentile table comes first; the run's other sections follow, each after a blank line.
  const lines = csv.split("\n\n")[0]!.trim().split("\n");
  for (const section of ["load_curve", "resources", "validity", "environment"])
    expect(csv).toContain(`\n# ${section}\n`);
  expect(lines[0]).toContain("p99.9_ms");
  expect(lines[0]).toContain("p99.99_ms");
  expect(lines).toHaveLength(1 + 3 * 2);
  const nginx500 = lines.find((l) => l.startsWith("500 QPS · 8 conns,nginx"));
  const column = lines[0]!.split(",").indexOf("p50_ms");
  expect(nginx500?.split(",")[column]).toBe(String(Number(p50) * 1000));
});

test("JSON export and chart SVG/PNG export download files", async ({ page }) => {
  await page.goto("/runs");
  await page.getByRole("link", { name: DEMO_RUN }).first().click();
  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export JSON" }).click(),
  ]);
  const body = JSON.parse(await readFile(await json.path(), "utf8")) as Record<string, unknown[]>;
  expect(body["tables"]).toHaveLength(3);
  expect(body["loadCurve"]).toHaveLength(3 * 2);
  expect(Object.keys(body)).toEqual(
    expect.arrayContaining(["resources", "validity", "environment", "trials"]),
  );
  const chart = page.locator('figure[data-chart$="qps-100-c8-p0-http1-ka-cdf"]');
  const [svg] = await Promise.all([
    page.waitForEvent("download"),
    chart.getByRole("button", { name: "SVG" }).click(),
  ]);
  expect(await readFile(await svg.path(), "utf8")).toContain("<svg");
  const [png] = await Promise.all([
    page.waitForEvent("download"),
    chart.getByRole("button", { name: "PNG" }).click(),
  ]);
  expect((await readFile(await png.path())).subarray(1, 4).toString()).toBe("PNG");
});
