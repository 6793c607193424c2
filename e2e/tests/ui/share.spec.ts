import { expect, test } from "../../fixtures/auth";
import { DEMO_RUN } from "./fortio-fixtures";

test("a share link works logged out and stops working once revoked", async ({ page, browser }) => {
  await page.goto("/runs");
  await page.getByRole("link", { name: DEMO_RUN }).first().click();
  await page.getByRole("button", { name: "Create public link" }).click();
  const link = page.locator("a[data-share-link]");
  await expect(link).toBeVisible();
  const href = (await link.getAttribute("href"))!;
  const id = href.split("/share/")[1]!;
  expect(Buffer.from(id, "base64url").length).toBeGreaterThanOrEqual(16);

  const anonymous = await browser.newContext({ baseURL: process.env.MESHBENCH_E2E_BASE_URL });
  const visitor = await anonymous.newPage();
  const ok = await visitor.goto(href);
  expect(ok?.status()).toBe(200);
  await expect(visitor.getByRole("heading", { name: DEMO_RUN })).toBeVisible();
  await expect(visitor.locator("table.percentile-table").first()).toBeVisible();
  await expect(visitor.getByRole("button", { name: "Create public link" })).toHaveCount(0);
  const html = await visitor.content();
  expect(html).not.toMatch(/kubeconfig|Bearer |https?:\/\/(?!127\.0\.0\.1|localhost)[^"' ]*:6443/i);
  await visitor.screenshot({ path: "artifacts/screenshots/share-page.png", fullPage: false });

  await page.getByRole("button", { name: `Revoke link ${id.slice(0, 8)}` }).click();
  await expect(page.getByRole("button", { name: `Revoke link ${id.slice(0, 8)}` })).toHaveCount(0);
  const gone = await visitor.goto(href);
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Not found" })).toBeVisible();
  expect((await visitor.goto("/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))?.status()).toBe(
    404,
  );
  await anonymous.close();
});
