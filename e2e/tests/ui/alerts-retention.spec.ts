import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "@playwright/test";
import { baseURL, expect, test } from "../../fixtures/auth";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("Settings → a webhook channel (secret shown once), a rule on it from the history page, both deleted and audited", async ({
  page,
}) => {
  // A loopback receiver: creating channels and rules must not call it.
  const heard: string[] = [];
  const receiver = http.createServer((req, res) => {
    heard.push(`${req.method} ${req.url}`);
    res.end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/meshbench-hook`;
  const name = `hook-${unique()}`;
  try {
    await page.goto("/settings");
    const create = page.getByRole("form", { name: "Create channel" });
    await create.getByLabel("Kind").selectOption("webhook");
    await create.getByLabel("Name").fill(name);
    await create.getByLabel("URL").fill(url);
    await create.getByRole("button", { name: "Create channel" }).click();
    const secret = (await page.getByTestId("signing-secret").locator("code").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_.{20,}/);
    const channels = page.getByRole("table", { name: "Alert channels" });
    const row = channels.locator("tr", { hasText: name });
    await expect(row).toContainText("webhook");
    await expect(row).toContainText(url);
    // Shown once: a reload lists the channel without it.
    await page.reload();
    await expect(row).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // A rule on the nightly benchmark's history page points at it.
    await page.goto("/benchmarks/nightly-echo/history");
    const rules = page.getByRole("region", { name: "Alert rules" });
    const ruleForm = rules.getByRole("form", { name: "Create alert rule" });
    await ruleForm.getByLabel("When").selectOption("capacity_drop");
    await ruleForm.getByLabel("Drop %").fill("25");
    await ruleForm.getByLabel("Tell").selectOption({ label: `${name} (webhook)` });
    await ruleForm.getByRole("button", { name: "Add rule" }).click();
    const rule = rules.getByTestId("alert-rules").locator("li", { hasText: `→ ${name}` });
    await expect(rule).toContainText("capacity dropped by more than… 25%");
    await page.reload();
    await expect(rule).toBeVisible();
    await rule.getByRole("button", { name: "Delete" }).click();
    await expect(rule).toHaveCount(0);

    await page.goto("/settings");
    await row.getByRole("button", { name: "Delete" }).click();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(row).toHaveCount(0);
    const audit = page.getByRole("table", { name: "Audit log" });
    for (const action of [
      "alert_channel.created",
      "alert_rule.created",
      "alert_rule.deleted",
      "alert_channel.deleted",
    ])
      await expect(audit).toContainText(action);
    expect(await page.content()).not.toContain(secret);
    expect(heard).toEqual([]);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});

/** Invites a new member to the demo workspace; they sign up through the link and join. */
async function memberPage(browser: Browser, ownerPage: Page) {
  const email = `retention-member-${unique()}@example.test`;
  await ownerPage.goto("/settings");
  const invite = ownerPage.getByRole("form", { name: "Invite" });
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role").selectOption("member");
  await invite.getByRole("button", { name: "Invite" }).click();
  const link = (await ownerPage.getByTestId("invite-link").textContent()) ?? "";
  const context = await browser.newContext({
    baseURL: baseURL(),
    storageState: { cookies: [], origins: [] },
  });
  const member = await context.newPage();
  await member.goto(new URL(link).pathname);
  await member.getByRole("link", { name: "Sign up" }).click();
  await member.getByLabel("Name", { exact: true }).fill("Retention Member");
  await member.getByLabel("Email").fill(email);
  await member.getByLabel("Password").fill("a-long-enough-password");
  await member.getByRole("button", { name: "Create account" }).click();
  await expect(member).toHaveURL(/\/invite\//);
  await member.getByRole("button", { name: "Join workspace" }).click();
  await expect(member).toHaveURL(/\/runs$/);
  return { member, email };
}

test("Settings → Retention: an admin sets it (audited); a member sees no control and is refused over the API", async ({
  page,
  browser,
}) => {
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Retention" });
  const days = section.getByLabel("Keep full histograms for (days; empty: forever)");
  await days.fill("90");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section).toContainText("Runs older than 90 days keep their summaries");
  await page.reload();
  await expect(days).toHaveValue("90");
  await expect(page.getByRole("table", { name: "Audit log" })).toContainText(
    "workspace.retention_set",
  );

  const { member } = await memberPage(browser, page);
  try {
    await member.goto("/settings");
    await expect(member.getByTestId("my-role")).toHaveText("member");
    await expect(member.getByRole("region", { name: "Retention" })).toHaveCount(0);
    await expect(member.getByText("Keep full histograms for")).toHaveCount(0);
    // Going around the page: the procedure itself refuses a member.
    const attempt = await member.request.post(`${baseURL()}/api/trpc/workspaces.setRetention`, {
      headers: { origin: baseURL() },
      data: { json: { retentionDays: 1 } },
    });
    expect(attempt.status()).toBe(403);
  } finally {
    await member.context().close();
  }
  await page.reload();
  await expect(days).toHaveValue("90");

  // Back to keeping everything (other tests read old runs' histograms).
  await days.fill("");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(section).toContainText("Every run keeps its full histograms");
});
