import net from "node:net";
import type { Page } from "@playwright/test";
import { expect, test } from "../../fixtures/auth";

const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
const SECRET = "e2e-super-secret-token-7f3a9c";

/** A localhost port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const kubeconfig = (port: number) => `apiVersion: v1
kind: Config
clusters:
- name: nowhere
  cluster:
    server: https://127.0.0.1:${port}
    insecure-skip-tls-verify: true
users:
- name: e2e
  user:
    token: ${SECRET}
contexts:
- name: e2e-ctx
  context: { cluster: nowhere, user: e2e }
current-context: e2e-ctx
`;

test("a kubeconfig that is not YAML gets a field error", async ({ page }) => {
  await page.goto("/clusters/new");
  await field(page, "name").locator("input").fill("broken");
  await field(page, "auth.kubeconfig").locator("textarea").fill("clusters: [not: yaml, {");
  await page.getByRole("button", { name: "Read contexts" }).click();
  await expect(field(page, "auth.kubeconfig").locator(".field-error")).toContainText(/kubeconfig/i);
  await expect(page.getByTestId("validation-report")).toHaveCount(0);
});

test("registering an unreachable cluster reports it and never echoes the secret", async ({
  page,
}) => {
  await page.goto("/clusters");
  await page.getByRole("link", { name: "Register cluster" }).click();
  await field(page, "name").locator("input").fill("e2e unreachable");
  await field(page, "auth.kubeconfig")
    .locator("textarea")
    .fill(kubeconfig(await closedPort()));
  await page.getByRole("button", { name: "Read contexts" }).click();
  await expect(field(page, "auth.context").locator("select")).toHaveValue("e2e-ctx");
  await page.getByRole("button", { name: "Register and validate" }).click();
  const report = page.getByTestId("validation-report");
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report.getByTestId("reachability")).toHaveText("unreachable");
  await expect(report.getByRole("alert")).toContainText("unreachable");
  expect(await page.content()).not.toContain(SECRET);
  await expect(page.locator("textarea")).toHaveValue("");
  await page.screenshot({ path: "artifacts/screenshots/cluster-register.png", fullPage: true });

  await page.getByRole("link", { name: "All clusters" }).click();
  const row = page.locator('tr[data-cluster="e2e unreachable"]');
  await expect(row).toContainText("unreachable");
  await expect(row.getByRole("button", { name: /Refresh mesh detection/ })).toHaveCount(0);
  expect(await page.content()).not.toContain(SECRET);
  await page.screenshot({ path: "artifacts/screenshots/clusters-list.png", fullPage: true });

  await row.getByRole("link", { name: "e2e unreachable" }).click();
  await expect(page.getByTestId("cluster-status")).toHaveText("unreachable");
  await page.getByRole("button", { name: "Re-validate" }).click();
  await expect(page.getByTestId("reachability")).toHaveText("unreachable", { timeout: 30_000 });
  await page.screenshot({ path: "artifacts/screenshots/cluster-detail.png", fullPage: true });
  expect(await page.content()).not.toContain(SECRET);

  // Run now on it: the scheduler refuses (PRECONDITION_FAILED) and the list says why.
  await page.goto("/benchmarks");
  const bench = page.locator('tr[data-benchmark="nginx-vs-baseline"]');
  await bench
    .getByLabel("Cluster for nginx-vs-baseline")
    .selectOption({ label: "e2e unreachable (unreachable)" });
  await bench.getByRole("button", { name: "Run nginx-vs-baseline now" }).click();
  await expect(bench.getByRole("alert")).toContainText("unreachable");

  await page.goto("/clusters");
  await page.getByRole("button", { name: "Delete e2e unreachable" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.locator('tr[data-cluster="e2e unreachable"]')).toHaveCount(0);
});

test("update credentials replaces the kubeconfig in place, never echoing either secret", async ({
  page,
}) => {
  await page.goto("/clusters/new");
  await field(page, "name").locator("input").fill("e2e rotate");
  await field(page, "auth.kubeconfig")
    .locator("textarea")
    .fill(kubeconfig(await closedPort()));
  await page.getByRole("button", { name: "Read contexts" }).click();
  await page.getByRole("button", { name: "Register and validate" }).click();
  await page.getByRole("link", { name: "Open the cluster" }).click();
  await page.waitForURL(/\/clusters\/(?!new$)[a-z0-9]+$/);
  const url = page.url();
  await expect(page.getByText("kubeconfig, context e2e-ctx")).toBeVisible();

  const ROTATED = "e2e-rotated-token-1b2c3d";
  const rotated = kubeconfig(await closedPort())
    .replace(SECRET, ROTATED)
    .replaceAll("e2e-ctx", "rotated-ctx");
  await page.getByRole("button", { name: "Update credentials" }).click();
  const form = page.getByRole("form", { name: "Update credentials of e2e rotate" });
  await form.locator('[data-field="kubeconfig"] textarea').fill("clusters: [not: yaml, {");
  await form.getByRole("button", { name: "Read contexts" }).click();
  await expect(form.locator('[data-field="kubeconfig"] .field-error')).toContainText(/kubeconfig/i);
  await form.locator('[data-field="kubeconfig"] textarea').fill(rotated);
  await form.getByRole("button", { name: "Read contexts" }).click();
  await expect(form.locator('[data-field="context"] select')).toHaveValue("rotated-ctx");
  await form.getByRole("button", { name: "Replace and validate" }).click();
  await expect(page.getByTestId("validation-report")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("kubeconfig, context rotated-ctx")).toBeVisible();
  expect(page.url()).toBe(url);
  const html = await page.content();
  expect(html).not.toContain(SECRET);
  expect(html).not.toContain(ROTATED);
  await page.screenshot({
    path: "artifacts/screenshots/cluster-update-credentials.png",
    fullPage: true,
  });

  await page.goto("/clusters");
  await page.getByRole("button", { name: "Delete e2e rotate" }).click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.locator('tr[data-cluster="e2e rotate"]')).toHaveCount(0);
});
