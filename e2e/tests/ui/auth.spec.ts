import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import {
  baseURL,
  DEMO_API_TOKEN,
  DEMO_USER_EMAIL,
  DEMO_USER_PASSWORD,
  expect,
  test,
} from "../../fixtures/auth";

// Flows end to end: real better-auth, real Postgres, the built app in Chromium.
const signedOut = { storageState: { cookies: [], origins: [] } };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signUp(page: Page, email: string, next?: string) {
  await page.goto(next ? `/sign-up?next=${encodeURIComponent(next)}` : "/sign-up");
  await page.getByLabel("Name", { exact: true }).fill("Test Person");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-long-enough-password");
  await page.getByRole("button", { name: "Create account" }).click();
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: baseURL(), ...signedOut });
  return context.newPage();
}

test.describe("signed out", () => {
  test.use(signedOut);

  test("pages redirect to sign-in, sign-in with a wrong password fails, the demo user gets in", async ({
    page,
  }) => {
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings$/);
    await page.getByLabel("Email").fill(DEMO_USER_EMAIL);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toContainText(
      /invalid/i,
    );
    await page.getByLabel("Password").fill(DEMO_USER_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId("my-role")).toHaveText("owner");
  });

  test("a hostile ?next= after sign-in or sign-up lands on our own page", async ({ page }) => {
    const ours = new URL(baseURL()).origin;
    const elsewhere: string[] = [];
    page.on("request", (r) => {
      if (
        !["data:", "blob:"].includes(new URL(r.url()).protocol) &&
        new URL(r.url()).origin !== ours
      )
        elsewhere.push(r.url());
    });
    // as an attacker's link spells them: /\evil, a tab the browser drops, dot segments, a URL
    for (const next of [
      "/%5Cevil.example",
      "/%09/evil.example",
      "/.//evil.example",
      "https://evil.example/",
    ]) {
      await page.context().clearCookies();
      await page.goto(`/sign-in?next=${next}`);
      await page.getByLabel("Email").fill(DEMO_USER_EMAIL);
      await page.getByLabel("Password").fill(DEMO_USER_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page, next).toHaveURL(`${ours}/runs`);
      await expect(page.getByTestId("signed-in-as")).toHaveText(DEMO_USER_EMAIL);
    }
    await page.context().clearCookies();
    await signUp(page, `next-${unique()}@example.test`, "/\t/evil.example");
    await expect(page).toHaveURL(`${ours}/runs`);
    expect(elsewhere).toEqual([]);
  });

  test("sign up creates an own workspace; sign out ends the session", async ({ page }) => {
    const email = `new-${unique()}@example.test`;
    await signUp(page, email);
    await expect(page).toHaveURL(/\/runs$/);
    await expect(page.getByTestId("signed-in-as")).toHaveText(email);
    await expect(page.getByRole("combobox", { name: "Workspace" })).toContainText(
      "Test Person's workspace (owner)",
    );
    await expect(page.getByRole("link", { name: /nginx proxy vs baseline/ })).toHaveCount(0);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/runs");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fruns$/);
  });

  test("forgot password: the local console mailer prints the link, and the new password works", async ({
    page,
  }) => {
    const email = `forgetful-${unique()}@example.test`;
    await signUp(page, email);
    await expect(page).toHaveURL(/\/runs$/);
    await page.getByRole("button", { name: "Sign out" }).click();

    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("reset link is on its way");
    let link = "";
    await expect(() => {
      const log = readFileSync(process.env.MESHBENCH_E2E_SERVER_LOG ?? "", "utf8");
      const block = log.slice(log.lastIndexOf(`[meshbench mail → ${email}]`));
      link = /(http\S+\/api\/auth\/reset-password\/\S+)/.exec(block)?.[1] ?? "";
      expect(link).not.toBe("");
    }).toPass({ timeout: 10_000 });

    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel("New password").fill("another-long-password");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByRole("status")).toContainText("Password changed");
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("another-long-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/runs$/);
  });
});

test("invite by link, the invitee joins as viewer, the owner makes them admin, then removes them", async ({
  page,
  browser,
}) => {
  const email = `invitee-${unique()}@example.test`;
  await page.goto("/settings");
  const invite = page.getByRole("form", { name: "Invite" });
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role").selectOption("viewer");
  await invite.getByRole("button", { name: "Invite" }).click();
  const link = (await page.getByTestId("invite-link").textContent()) ?? "";
  expect(link).toMatch(/\/invite\/[a-f0-9]{32}$/);
  await expect(page.getByRole("table", { name: "Pending invitations" })).toContainText(email);

  const invitee = await freshPage(browser);
  await invitee.goto(new URL(link).pathname);
  await expect(invitee).toHaveURL(/\/sign-in\?next=%2Finvite%2F/);
  await invitee.getByRole("link", { name: "Sign up" }).click();
  await invitee.getByLabel("Name", { exact: true }).fill("Invited Person");
  await invitee.getByLabel("Email").fill(email);
  await invitee.getByLabel("Password").fill("a-long-enough-password");
  await invitee.getByRole("button", { name: "Create account" }).click();
  await expect(invitee).toHaveURL(/\/invite\//);
  await invitee.getByRole("button", { name: "Join workspace" }).click();
  await expect(invitee).toHaveURL(/\/runs$/);
  await expect(invitee.getByRole("link", { name: /nginx proxy vs baseline/ })).toBeVisible();
  await invitee.goto("/settings");
  await expect(invitee.getByTestId("my-role")).toHaveText("viewer");
  await expect(invitee.getByRole("table", { name: "API tokens" })).toHaveCount(0);
  await expect(invitee.getByRole("form", { name: "Invite" })).toHaveCount(0);

  await page.reload();
  await page.getByLabel(`Role of ${email}`).selectOption("admin");
  await expect(page.getByLabel(`Role of ${email}`)).toHaveValue("admin");
  await invitee.reload();
  await expect(invitee.getByTestId("my-role")).toHaveText("admin");
  await expect(invitee.getByRole("table", { name: "API tokens" })).toBeVisible();

  await page
    .locator(`tr[data-member-email="${email}"]`)
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(page.locator(`tr[data-member-email="${email}"]`)).toHaveCount(0);
  await invitee.goto("/settings");
  await expect(invitee.getByText("You are not signed in to a workspace")).toBeVisible();
  await expect(page.getByRole("table", { name: "Audit log" })).toContainText("member.removed");
  await invitee.context().close();
});

test("an API token is shown once, works as a bearer, and stops working when revoked", async ({
  page,
  request,
}) => {
  await page.goto("/settings");
  const name = `ci-${unique()}`;
  const form = page.getByRole("form", { name: "Create token" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token").textContent()) ?? "";
  expect(token).toMatch(/^mbt_/);
  const row = page.getByRole("table", { name: "API tokens" }).locator("tr", { hasText: name });
  await expect(row).toContainText(token.slice(0, 12));
  await expect(page.getByRole("table", { name: "API tokens" })).not.toContainText(token);

  const current = (bearer: string) =>
    request.get(`${baseURL()}/api/trpc/workspaces.current`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
  expect((await current(token)).status()).toBe(200);
  expect((await current(DEMO_API_TOKEN)).status()).toBe(200);
  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(row).toContainText("revoked");
  expect((await current(token)).status()).toBe(401);
});

test.describe("hardening over HTTP", () => {
  test.use(signedOut);

  test("pages carry a nonce CSP, frame-ancestors none and a referrer policy", async ({
    request,
  }) => {
    const response = await request.get(`${baseURL()}/sign-in`);
    const csp = response.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  });

  test("session cookies are HttpOnly and SameSite=Lax; cross-site writes with cookies are refused", async ({
    request,
  }) => {
    const signIn = await request.post(`${baseURL()}/api/auth/sign-in/email`, {
      data: { email: DEMO_USER_EMAIL, password: DEMO_USER_PASSWORD },
      headers: { origin: baseURL() },
    });
    const setCookie = signIn.headers()["set-cookie"] ?? "";
    expect(setCookie).toMatch(/meshbench\.session_token=.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const forged = await request.post(`${baseURL()}/api/trpc/tokens.create`, {
      data: { json: { name: "forged", scopes: ["read"] } },
      headers: { origin: "https://evil.example" },
    });
    expect(forged.status()).toBe(403);
    const forgedAuth = await request.post(`${baseURL()}/api/auth/organization/create`, {
      data: { name: "x", slug: `x-${unique()}` },
      headers: { origin: "https://evil.example" },
    });
    expect(forgedAuth.status()).toBe(403);
  });

  test("oversized bodies get 413 before any work", async ({ request }) => {
    const big = await request.post(`${baseURL()}/api/trpc/tokens.create`, {
      data: "x".repeat(11 * 1024 * 1024),
      headers: { authorization: `Bearer ${DEMO_API_TOKEN}`, "content-type": "application/json" },
    });
    expect(big.status()).toBe(413);
    const authBig = await request.post(`${baseURL()}/api/auth/sign-in/email`, {
      data: { email: "a@b.c", password: "x".repeat(20_000) },
      headers: { origin: baseURL() },
    });
    expect(authBig.status()).toBe(413);
  });

  test("password-reset requests are rate limited with Retry-After", async ({ request }) => {
    const statuses: number[] = [];
    let retryAfter = "";
    for (let i = 0; i < 40 && !statuses.includes(429); i++) {
      const response = await request.post(`${baseURL()}/api/auth/request-password-reset`, {
        data: { email: `nobody-${i}@example.test`, redirectTo: "/reset-password" },
        headers: { origin: baseURL() },
      });
      statuses.push(response.status());
      retryAfter = response.headers()["retry-after"] ?? retryAfter;
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(30);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
