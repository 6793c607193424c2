import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures/auth";

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
const input = (page: Page, name: string) =>
  field(page, name).locator("input, textarea, select").first();
const trials = (page: Page) => page.getByTestId("trial-count");

test("create a benchmark in the editor with a live trial count, then edit it", async ({ page }) => {
  await page.goto("/benchmarks");
  await expect(page.getByRole("table", { name: "Benchmarks" })).toBeVisible();
  await page.getByRole("link", { name: "New benchmark" }).click();
  await expect(page.getByRole("heading", { name: "New benchmark" })).toBeVisible();

  await input(page, "key").fill("e2e-echo");
  await input(page, "name").fill("E2E echo latency");
  // Defaults: baseline + istio-sidecar, QPS 100/1000/max, 8 connections, 3 repetitions.
  await expect(input(page, "loadMatrix.qps")).toHaveValue("100, 1000, max");
  await expect(trials(page)).toHaveText("18"); // 2 variants × 3 QPS × 1 conn × 3 reps
  await expect(page.getByTestId("trial-breakdown")).toHaveText(
    "2 variants × 3 load levels × 3 repetitions",
  );
  await input(page, "repetitions").fill("2");
  await expect(trials(page)).toHaveText("12");
  await input(page, "repetitions").fill("3");
  await page.getByLabel("Preset").selectOption("istio-ambient-waypoint");
  await page.getByRole("button", { name: "Add variant" }).click();
  await expect(input(page, "variants.2.name")).toHaveValue("istio-ambient-waypoint");
  await expect(input(page, "variants.2.waypoint")).toHaveValue("waypoint");
  await expect(trials(page)).toHaveText("27");
  await page.getByRole("button", { name: "Remove variant istio-ambient-waypoint" }).click();
  await expect(trials(page)).toHaveText("18");
  await expect(page.getByTestId("estimated-duration")).toHaveText(/min/);
  await expect(input(page, "methodology.fortio.resolutionSeconds")).toHaveValue("0.0001");
  await page.screenshot({ path: "artifacts/screenshots/benchmark-editor.png", fullPage: true });

  await page.getByRole("button", { name: "Create benchmark" }).click();
  await expect(page).toHaveURL(/\/benchmarks$/);
  const row = page.locator('tr[data-benchmark="e2e-echo"]');
  await expect(row).toContainText("E2E echo latency");
  await expect(row).toContainText("baseline, istio-sidecar");
  await expect(row.getByTestId("list-trials")).toHaveText("18");
  await expect(row.getByRole("link", { name: "History" })).toHaveAttribute(
    "href",
    "/benchmarks/e2e-echo/history",
  );

  await row.getByRole("link", { name: "Edit e2e-echo" }).click();
  await expect(page.getByRole("heading", { name: "Edit E2E echo latency" })).toBeVisible();
  await expect(trials(page)).toHaveText("18");
  await input(page, "loadMatrix.connections").fill("8, 64");
  await expect(trials(page)).toHaveText("36");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/benchmarks$/);
  await expect(page.locator('tr[data-benchmark="e2e-echo"]').getByTestId("list-trials")).toHaveText(
    "36",
  );
  await expect(page.locator('tr[data-benchmark="e2e-echo"]')).toContainText("2 conns (8, 64)");
  await page.screenshot({ path: "artifacts/screenshots/benchmarks-list.png", fullPage: true });
});

test("bad values show errors next to their fields", async ({ page }) => {
  await page.goto("/benchmarks/new");
  await input(page, "key").fill("e2e-bad");
  await input(page, "name").fill("Bad values");
  await input(page, "repetitions").fill("0");
  await input(page, "loadMatrix.qps").fill("100, fast");
  await expect(trials(page)).toHaveText("—");
  await page.getByRole("button", { name: "Create benchmark" }).click();
  await expect(field(page, "repetitions").locator(".field-error")).toBeVisible();
  await expect(input(page, "repetitions")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "loadMatrix.qps").locator(".field-error")).toBeVisible();
  await expect(page).toHaveURL(/\/benchmarks\/new$/);

  // A key that is taken: the server's CONFLICT names the field.
  await input(page, "repetitions").fill("3");
  await input(page, "loadMatrix.qps").fill("100");
  await input(page, "key").fill("nginx-vs-baseline");
  await page.getByRole("button", { name: "Create benchmark" }).click();
  await expect(field(page, "key").locator(".field-error")).toHaveText("Key already in use");
  await expect(field(page, "repetitions").locator(".field-error")).toHaveCount(0);
});
