import net from "node:net";
import { baseURL, expect, test } from "../../fixtures/auth";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A kubeconfig for a loopback port nothing listens on: the cluster registers as unreachable. */
async function unreachableKubeconfig(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `apiVersion: v1
kind: Config
clusters:
- name: nowhere
  cluster: { server: "https://127.0.0.1:${port}", insecure-skip-tls-verify: true }
users:
- name: e2e
  user: { token: e2e-schedules }
contexts:
- name: ctx
  context: { cluster: nowhere, user: e2e }
current-context: ctx
`;
}

test("benchmark → Schedules: create with cron and time zone, preview, a bad cron names the field, disable, delete", async ({
  page,
}) => {
  // A cluster of its own to schedule on (registered by the signed-in owner; unreachable is fine:
  // a schedule needs the cluster to exist, a firing needs it ready).
  const clusterName = `sched-${unique()}`;
  const registered = await page.request.post(`${baseURL()}/api/trpc/clusters.register`, {
    headers: { origin: baseURL() },
    data: {
      json: {
        name: clusterName,
        auth: { mode: "kubeconfig", kubeconfig: await unreachableKubeconfig() },
      },
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  await page.goto("/benchmarks");
  await page.getByRole("link", { name: "Schedules of nginx-vs-baseline" }).click();
  await expect(page.getByRole("heading", { name: "Schedules of nginx-vs-baseline" })).toBeVisible();
  const form = page.getByRole("region", { name: "New schedule" });
  await form.getByLabel("Cluster").selectOption({ label: clusterName });
  const cron = form.getByLabel("Cron (minute hour day month weekday)");
  const zone = form.getByLabel("Time zone (IANA, e.g. Europe/Berlin)");
  const preview = form.getByTestId("schedule-preview");

  // 04:30 on weekdays in Berlin: five due times, each 02:30 or 03:30 UTC (summer or winter).
  await cron.fill("30 4 * * 1-5");
  await zone.fill("Europe/Berlin");
  await expect(preview).toHaveText(/^Next: (\d{4}-\d\d-\d\d 0[23]:30( · )?){5} UTC$/);
  const days = [...((await preview.textContent()) ?? "").matchAll(/\d{4}-\d\d-\d\d/g)].map((m) =>
    new Date(`${m[0]}T12:00:00Z`).getUTCDay(),
  );
  expect(days.every((d) => d >= 1 && d <= 5)).toBe(true);

  // A bad cron: the error sits under the cron field and names it; nothing is previewed.
  await cron.fill("61 4 * * *");
  const cronError = cron.locator("xpath=following-sibling::*[1]");
  await expect(cronError).toHaveAttribute("role", "alert");
  await expect(cronError).toContainText('cron "61 4 * * *" is invalid');
  await expect(preview).toHaveText("");
  // Submitting it anyway is refused the same way, and no schedule appears.
  await form.getByRole("button", { name: "Create schedule" }).click();
  await expect(cronError).toContainText("cron");
  await expect(page.getByRole("region", { name: /^Schedule .* on / })).toHaveCount(0);
  // A bad time zone names that field instead.
  await cron.fill("30 4 * * 1-5");
  // Fixing the cron clears its error (the refused submit's too).
  await expect(form.locator(".field-error")).toHaveCount(0);
  await zone.fill("Mars/Olympus");
  await expect(zone.locator("xpath=following-sibling::*[1]")).toContainText(
    '"Mars/Olympus" is not an IANA time zone',
  );

  await zone.fill("Europe/Berlin");
  await form.getByRole("button", { name: "Create schedule" }).click();
  const schedule = page.getByRole("region", { name: `Schedule 30 4 * * 1-5 on ${clusterName}` });
  await expect(schedule.getByRole("heading")).toContainText("(Europe/Berlin)");
  await expect(schedule.getByRole("heading")).toContainText("enabled");
  await expect(schedule).toContainText(/Next runs: (\d{4}-\d\d-\d\d 0[23]:30 UTC( · )?){5}/);

  await schedule.getByRole("button", { name: "Disable" }).click();
  await expect(schedule.getByRole("heading")).toContainText("disabled");
  await expect(schedule).toContainText("Next runs: none (disabled)");
  await page.reload();
  await expect(schedule.getByRole("heading")).toContainText("disabled");

  page.once("dialog", (dialog) => void dialog.accept());
  await schedule.getByRole("button", { name: "Delete" }).click();
  await expect(schedule).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("region", { name: /^Schedule / })).toHaveCount(0);

  // Each change is in the audit log.
  await page.goto("/settings");
  const audit = page.getByRole("table", { name: "Audit log" });
  for (const action of ["schedule.created", "schedule.disabled", "schedule.deleted"])
    await expect(audit).toContainText(action);
});
