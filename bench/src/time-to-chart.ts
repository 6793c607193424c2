/**
 * Time to chart in headless Chromium, from navigation start (performance.timeOrigin) to the
 * first animation frame in which the latency chart shows its data: ours when the CDF chart's
 * series path holds all its points; Fortio's own UI (`fortio server`, browse page) when its
 * Chart.js chart exists with the loaded data (its first frame; Fortio then animates for ~1 s,
 * reported as context). Cold cache: a new browser context per load. Loads alternate.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findFreePort } from "@meshbench/local-postgres";
import { chromium, type Browser } from "playwright-core";
import { onCleanup, startProcess } from "./processes";
import type { SessionCookie } from "./session";
import { median, sleep } from "./stats";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Polls every animation frame; records performance.now() the first time `cond` holds. */
const markScript = (cond: string, settled: string) => `
  (() => {
    const check = () => {
      try {
        if (window.__mbMark === undefined && (${cond})) window.__mbMark = performance.now();
        if (window.__mbMark !== undefined && (${settled})) { window.__mbSettled = performance.now(); return; }
      } catch (e) {}
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`;

export async function startFortioUi(fortioBin: string, jsonPath: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "mb-bench-fortio-"));
  onCleanup(() => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })));
  mkdirSync(dataDir, { recursive: true });
  const name = "bench-result.json";
  copyFileSync(jsonPath, path.join(dataDir, name));
  const port = await findFreePort();
  startProcess(
    fortioBin,
    [
      "server",
      "-http-port",
      `127.0.0.1:${port}`,
      "-grpc-port",
      "disabled",
      "-redirect-port",
      "disabled",
      "-data-dir",
      dataDir,
    ],
    {},
  );
  const url = `http://127.0.0.1:${port}/fortio/browse?url=${name}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return url;
    await sleep(200);
  }
  throw new Error("fortio server did not come up");
}

async function loadOnce(
  browser: Browser,
  url: string,
  script: string,
  cookie: { url: string; session: SessionCookie } | null,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (cookie)
      await context.addCookies([
        { name: cookie.session.name, value: cookie.session.value, url: cookie.url },
      ]);
    const page = await context.newPage();
    await page.addInitScript({ content: script });
    await page.goto(url, { waitUntil: "commit" });
    // Functions, not strings: the app's CSP forbids eval, and functions run through the protocol.
    type Marks = { __mbMark?: number; __mbSettled?: number };
    await page.waitForFunction(() => (globalThis as Marks).__mbSettled !== undefined, null, {
      timeout: 30_000,
      polling: 50,
    });
    return await page.evaluate(() => {
      type Nav = { responseStart: number; responseEnd: number; domContentLoadedEventEnd: number };
      const perf = (
        globalThis as unknown as { performance: { getEntriesByType(t: string): Nav[] } }
      ).performance;
      const nav = perf.getEntriesByType("navigation")[0];
      const fcp =
        (perf.getEntriesByType("paint") as unknown as { name: string; startTime: number }[]).find(
          (e) => e.name === "first-contentful-paint",
        )?.startTime ?? NaN;
      const res = (
        perf.getEntriesByType("resource") as unknown as {
          name: string;
          startTime: number;
          responseEnd: number;
          renderBlockingStatus?: string;
        }[]
      )
        .filter((r) => r.renderBlockingStatus === "blocking")
        .map(
          (r) => `${r.name.split("/").pop()}:${r.startTime.toFixed(0)}-${r.responseEnd.toFixed(0)}`,
        )
        .join(" ");
      (globalThis as unknown as { __mbDebug: unknown }).__mbDebug = { fcp, res };
      return {
        mark: (globalThis as Marks).__mbMark ?? NaN,
        settled: (globalThis as Marks).__mbSettled ?? NaN,
        // Context: first byte and last byte of the HTML, DOMContentLoaded.
        ttfb: nav?.responseStart ?? NaN,
        html: nav?.responseEnd ?? NaN,
        dcl: nav?.domContentLoadedEventEnd ?? NaN,
        fcp,
        res,
      };
    });
  } finally {
    await context.close();
  }
}

export async function benchTimeToChart(opts: {
  oursUrl: string;
  baseUrl: string;
  session: SessionCookie;
  expectedPoints: number;
  fortioUrl: string;
  loads: number;
}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  onCleanup(() => browser.close());
  // The CDF chart's series with all its points: Recharts' line, or the server-rendered SVG series
  // (packages/ui StaticSeries, data-points) that shows the same data until Recharts has drawn.
  const oursCond = `Array.from(document.querySelectorAll('figure[data-chart$="-cdf"] path.recharts-line-curve, figure[data-chart$="-cdf"] .chart-static path[data-points]')).some((p) => p.getClientRects().length > 0 && (Number(p.getAttribute('data-points')) || ((p.getAttribute('d') || '').match(/[ML]/g) || []).length) >= ${opts.expectedPoints})`;
  const ours = markScript(oursCond, "true");
  const fortioCond = `typeof chart !== 'undefined' && chart.data && chart.data.datasets && chart.data.datasets[0].data.length > 0`;
  const fortio = markScript(
    fortioCond,
    "!window.Chart || !Chart.animationService || Chart.animationService.animations.length === 0",
  );
  const samples = {
    ours: [] as number[],
    fortio: [] as number[],
    fortioSettled: [] as number[],
    oursTtfb: [] as number[],
    oursHtml: [] as number[],
    fortioTtfb: [] as number[],
  };
  try {
    for (let i = 0; i < 2; i++) {
      await loadOnce(browser, opts.oursUrl, ours, { url: opts.baseUrl, session: opts.session });
      await loadOnce(browser, opts.fortioUrl, fortio, null);
    }
    for (let i = 0; i < opts.loads; i++) {
      const a = await loadOnce(browser, opts.oursUrl, ours, {
        url: opts.baseUrl,
        session: opts.session,
      });
      const b = await loadOnce(browser, opts.fortioUrl, fortio, null);
      samples.ours.push(a.mark);
      samples.fortio.push(b.mark);
      samples.fortioSettled.push(b.settled);
      samples.oursTtfb.push(a.ttfb);
      if (process.env.BENCH_DEBUG)
        process.stderr.write(`ours ${JSON.stringify(a)}\nfortio ${JSON.stringify(b)}\n`);
      samples.oursHtml.push(a.html);
      samples.fortioTtfb.push(b.ttfb);
    }
  } finally {
    await browser.close();
  }
  return {
    ours: median(samples.ours),
    fortio: median(samples.fortio),
    fortioSettled: median(samples.fortioSettled),
    oursTtfb: median(samples.oursTtfb),
    oursHtml: median(samples.oursHtml),
    fortioTtfb: median(samples.fortioTtfb),
    loads: opts.loads,
  };
}
