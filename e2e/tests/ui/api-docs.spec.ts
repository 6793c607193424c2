import { expect, test } from "@playwright/test";
import { DEMO_API_TOKEN } from "@meshbench/demo/credentials";
import { baseURL } from "../../fixtures/auth";

/**
 * The interactive API docs (Swagger UI from the swagger-ui-dist package) as a CI user sees them:
 * signed out, with an API token. Every request the page makes goes to our origin, the CSP refuses
 * nothing it needs, and "Try it out" calls the API with the token.
 */
test("API docs: self-hosted viewer, same-origin only, try-it-out with a token", async ({
  page,
}) => {
  const origin = new URL(baseURL()).origin;
  const requests: string[] = [];
  const problems: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(m.text());
  });
  page.on("pageerror", (e) => problems.push(e.message));

  const response = await page.goto("/api/docs");
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  await expect(page.locator(".opblock").first()).toBeVisible();
  expect(await page.locator(".opblock").count()).toBeGreaterThan(25);
  await expect(
    page.getByText("POST/benchmarks/from-template", { exact: false }).first(),
  ).toBeVisible();

  // Authorize with the demo CI token, then try GET /benchmarks.
  await page
    .getByRole("button", { name: /Authorize/ })
    .first()
    .click();
  await page
    .locator(".modal-ux input[type=text], .modal-ux input[type=password]")
    .first()
    .fill(DEMO_API_TOKEN);
  await page.locator(".modal-ux").getByRole("button", { name: "Apply credentials" }).click();
  await page.locator(".modal-ux").getByRole("button", { name: "Close" }).first().click();
  const op = page.locator("#operations-benchmarks-benchmarks-list");
  await op.locator(".opblock-summary").click();
  const tryIt = op.getByRole("button", { name: "Try it out" });
  if (await tryIt.isVisible()) await tryIt.click();
  const [call] = await Promise.all([
    // The list takes an optional `archived` query: match the path, not the whole URL.
    page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/benchmarks"),
    op.getByRole("button", { name: "Execute" }).click(),
  ]);
  expect(call.status()).toBe(200);
  expect(call.request().headers().authorization).toBe(`Bearer ${DEMO_API_TOKEN}`);
  await expect(op.locator(".responses-wrapper .live-responses-table")).toContainText(
    "nginx-vs-baseline",
  );

  expect(requests.length).toBeGreaterThan(3);
  // data: URLs (the stylesheet's icons) are no network request.
  const network = requests.filter((url) => !url.startsWith("data:"));
  expect(network.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(problems).toEqual([]);
});
