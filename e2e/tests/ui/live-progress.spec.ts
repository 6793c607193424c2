import { createPrismaClient, createRunRepository } from "@meshbench/db";
import {
  interleavedOrder,
  readDemoMatrix,
  recordDemoTrials,
  type DemoTrialFile,
} from "@meshbench/demo";
import { expect, test } from "../../fixtures/auth";

/** The page polls every 2 s; one missed poll plus a server render fits well inside this. */
const POLL = { timeout: 10_000 };

// Four real Fortio trials, in the order they ran: baseline then nginx at 500 QPS, reps 1 and 2.
const FILES = interleavedOrder(readDemoMatrix()).filter((f) => f.qps === 500 && f.repetition <= 2);

test("the run page follows a running run to the end without a reload", async ({ page }) => {
  expect(FILES.map((f) => `${f.variant}-rep${f.repetition}`)).toEqual([
    "baseline-rep1",
    "nginx-rep1",
    "baseline-rep2",
    "nginx-rep2",
  ]);
  const db = createPrismaClient(process.env.MESHBENCH_E2E_DATABASE_URL!, { maxConnections: 2 });
  const runs = createRunRepository(db);
  const { id: workspaceId } = await db.workspace.findUniqueOrThrow({ where: { slug: "demo" } });
  const title = `Live progress e2e ${Date.now()}`;
  const runId = await runs.create(workspaceId, { title, source: "scheduled", status: "queued" });
  let recorded = 0;
  /** Records the next trials the way the seed does (importFortioJson), then the run's counts. */
  const record = async (files: DemoTrialFile[]) => {
    const offset = recorded;
    await recordDemoTrials(
      {
        recordCompletedTrial: (ws, run, input) =>
          runs.recordCompletedTrial(ws, run, { ...input, sequence: input.sequence + offset }),
      },
      workspaceId,
      runId,
      files,
    );
    recorded += files.length;
    await runs.refreshProgress(workspaceId, runId);
  };

  try {
    await db.run.update({ where: { id: runId }, data: { trialsTotal: FILES.length } });
    await runs.setStatus(workspaceId, runId, "running");
    await record(FILES.slice(0, 1));

    await page.goto(`/runs/${runId}`);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    const live = page.getByRole("region", { name: "Live progress" });
    const bar = live.getByRole("progressbar", { name: "Trials done" });
    await expect(live).toContainText("Running · 1/4 trials");
    await expect(bar).toHaveAttribute("aria-valuenow", "25");
    await expect(page.getByText(/^running · 1\/4 trials/)).toBeVisible();
    // A marker on the window: it survives router.refresh but not a reload or navigation.
    await page.evaluate((id) => Object.assign(globalThis, { __liveProgressMarker: id }), runId);

    // Two more trials finish while the page is open: the poll picks them up.
    await record(FILES.slice(1, 3));
    await expect(live).toContainText("Running · 3/4 trials", POLL);
    await expect(bar).toHaveAttribute("aria-valuenow", "75");
    await expect(live.getByRole("listitem")).toHaveCount(3);
    // ... and the server-rendered header and report follow (router.refresh, not a reload).
    await expect(page.getByText(/^running · 3\/4 trials/)).toBeVisible(POLL);
    await page.screenshot({ path: "artifacts/screenshots/live-progress.png", fullPage: false });

    // The last trial lands, the page shows it, and only then does the run finish.
    await record(FILES.slice(3));
    await expect(live).toContainText("Running · 4/4 trials", POLL);
    await expect(bar).toHaveAttribute("aria-valuenow", "100");
    await runs.setStatus(workspaceId, runId, "succeeded");

    await expect(live).toHaveCount(0, POLL);
    await expect(page.getByText(/^succeeded · 4\/4 trials/)).toBeVisible(POLL);
    await expect(page.getByRole("table", { name: "Percentiles 500 QPS · 8 conns" })).toContainText(
      "nginx",
    );
    await page.getByText(/All 4 trials/).click();
    await expect(page.getByRole("table", { name: "Trials" }).locator("tbody tr")).toHaveCount(4);
    expect(
      await page.evaluate(
        () => (globalThis as { __liveProgressMarker?: string }).__liveProgressMarker,
      ),
    ).toBe(runId);
  } finally {
    await db.run.deleteMany({ where: { id: runId } });
    await db.$disconnect();
  }
});
