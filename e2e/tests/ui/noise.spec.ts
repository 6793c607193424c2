import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures/auth";
import { DEMO_RUN } from "./fortio-fixtures";

const LEVEL = "qps-100/c8/p0/http1/ka";
const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);

/** The seeded nightly history: run ids by title, read off the history page's run links. */
async function nightlyRunIds(page: Page): Promise<Map<string, string>> {
  await page.goto("/benchmarks/nightly-echo/history?statistic=p50");
  const links = page.getByRole("link", { name: /^nightly #\d+$/ });
  await expect(links.first()).toBeVisible();
  const ids = new Map<string, string>();
  for (const link of await links.all()) {
    const href = (await link.getAttribute("href")) ?? "";
    ids.set((await link.textContent()) ?? "", href.split("/").at(-1) ?? "");
  }
  return ids;
}

test("the history page lists the seeded step as a change point, dismissable and confirmable", async ({
  page,
}) => {
  await page.goto("/benchmarks/nightly-echo/history?statistic=p50");
  const list = page.getByRole("table", { name: "Change points" });
  const row = list.locator('tr[data-series="baseline @ 100 QPS, 8 conn|p50"]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("nightly #7");
  await expect(row).toContainText("→");
  await page.screenshot({
    path: "artifacts/screenshots/history-change-points.png",
    fullPage: true,
  });
  await row.getByRole("button", { name: "Dismiss" }).click();
  await expect(row).toHaveAttribute("data-status", "dismissed");
  await row.getByRole("button", { name: "Confirm" }).click();
  await expect(row).toHaveAttribute("data-status", "confirmed");
});

test("comparing runs from different environments warns and lists the differences", async ({
  page,
}) => {
  const ids = await nightlyRunIds(page);
  const before = ids.get("nightly #6")!;
  const after = ids.get("nightly #7")!;
  await page.goto(`/compare?s=${before}~baseline~${LEVEL}&s=${after}~baseline~${LEVEL}&ref=0`);
  const warning = page.getByRole("alert", { name: "Environment warning" });
  await expect(warning).toContainText("different environments");
  await expect(warning.locator('[data-field="meshVersions.istio"]')).toContainText(
    "1.26.2 → 1.27.1",
  );
  await page.screenshot({ path: "artifacts/screenshots/compare-environment.png", fullPage: true });

  // The demo run is an import without a fingerprint: its environment is unknown.
  await page.goto("/runs");
  await page.getByRole("link", { name: DEMO_RUN }).first().click();
  await page.waitForURL(/\/runs\/[a-z0-9]+$/);
  const demo = new URL(page.url()).pathname.split("/")[2]!;
  await page.goto(`/compare?s=${demo}~baseline~${LEVEL}&s=${before}~baseline~${LEVEL}&ref=0`);
  await expect(page.getByTestId("environment-unknown")).toContainText("environment unknown");
});

test("a cluster page offers 'Calibrate this cluster' and says why an unready one cannot", async ({
  page,
}) => {
  await page.goto("/clusters/new");
  await field(page, "name").locator("input").fill("e2e noise");
  await field(page, "auth.kubeconfig").locator("textarea").fill(`apiVersion: v1
kind: Config
clusters:
- name: nowhere
  cluster: { server: "https://127.0.0.1:9", insecure-skip-tls-verify: true }
users:
- name: e2e
  user: { token: e2e-noise }
contexts:
- name: e2e-ctx
  context: { cluster: nowhere, user: e2e }
current-context: e2e-ctx
`);
  await page.getByRole("button", { name: "Read contexts" }).click();
  await expect(field(page, "auth.context").locator("select")).toHaveValue("e2e-ctx");
  await page.getByRole("button", { name: "Register and validate" }).click();
  await expect(page.getByTestId("validation-report")).toBeVisible({ timeout: 30_000 });

  await page.goto("/clusters");
  await page
    .locator('tr[data-cluster="e2e noise"]')
    .getByRole("link", { name: "e2e noise" })
    .click();
  const floor = page.getByTestId("noise-floor");
  await expect(floor.getByTestId("noise-status")).toHaveAttribute("data-status", "none");
  const calibrate = floor.getByRole("button", { name: "Calibrate this cluster" });
  await expect(calibrate).toBeVisible();
  await calibrate.click();
  await expect(floor.getByRole("alert")).toContainText("validate it before calibrating");

  await page.goto("/clusters");
  await page.getByRole("button", { name: "Delete e2e noise" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.locator('tr[data-cluster="e2e noise"]')).toHaveCount(0);
});
