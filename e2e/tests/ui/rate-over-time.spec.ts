import { readFixture } from "@meshbench/testing/fixtures";
import { baseURL, DEMO_API_TOKEN, expect, test } from "../../fixtures/auth";

/** A real Fortio 1.68.2 run (50 QPS, 2 connections, 3 s, ~10% 503s) and its JSON access log. */
const result = readFixture("fortio/access-log/qps50-c2-err503-result.json");
const accessLog = readFixture("fortio/access-log/qps50-c2-err503-access.jsonl");

test("throughput over time: the picker loads when opened, a picked trial draws its seconds", async ({
  page,
  request,
}) => {
  const upload = await request.post(`${baseURL()}/api/v1/results`, {
    headers: { authorization: `Bearer ${DEMO_API_TOKEN}`, "content-type": "application/json" },
    data: {
      benchmark: "e2e-rate-over-time",
      trials: [
        { result, accessLog },
        { result, repetition: 2 },
      ],
    },
  });
  expect(upload.status()).toBe(200);
  const { runId } = (await upload.json()) as { runId: string };

  await page.goto(`/runs/${runId}`);
  // The page ships no choices: they come with the run's report when the panel is opened.
  await expect(page.locator('[data-testid="rate-over-time"]')).toHaveCount(0);
  await page.getByText("Requests per second, second by second, of a trial you pick").click();
  const panel = page.locator('[data-testid="rate-over-time"]');
  const picker = panel.getByLabel("Trial");
  await expect(picker.locator("option")).toHaveCount(3); // the prompt and the two trials
  await picker.selectOption({ label: "baseline · 50 QPS · 2 conns · rep 1" });
  await expect(panel.getByTestId("rate-dips")).toBeVisible();
  await expect(panel.getByText("RPS over time")).toBeVisible();
  await expect(panel.locator("path[data-points]").first()).toHaveAttribute("data-points", /^[1-9]/);
  // The trial uploaded without its access log says where a series comes from.
  await picker.selectOption({ label: "baseline · 50 QPS · 2 conns · rep 2" });
  await expect(panel).toContainText("No per-second record for this trial");
});
