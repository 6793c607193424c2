import { defineConfig } from "@playwright/test";

/**
 * Playwright against the built app on a fresh embedded Postgres with the demo data (see
 * global-setup.ts, which also starts `next start` on a free port). Browser: Debian's Chromium
 * (Playwright cannot download its own here); CHROMIUM_PATH overrides it on a laptop.
 */
export default defineConfig({
  testDir: "tests",
  outputDir: "artifacts/test-results",
  globalSetup: "./global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["html", { open: "never", outputFolder: "artifacts/report" }]],
  timeout: 60_000,
  use: {
    baseURL: process.env.MESHBENCH_E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "ui", testDir: "tests/ui" },
    { name: "api", testDir: "tests/api" },
  ],
});
