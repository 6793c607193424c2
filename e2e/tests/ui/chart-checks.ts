import { expect, type Page } from "@playwright/test";

const MANTISSAS = [1, 2, 5];

/** m × 10^k with m ∈ {1, 2, 5}. */
function isOneTwoFive(value: number): boolean {
  const abs = Math.abs(value);
  if (!(abs > 0)) return false;
  const mantissa = abs / 10 ** Math.floor(Math.log10(abs) + 1e-9);
  return MANTISSAS.some((m) => Math.abs(mantissa - m) < 1e-6);
}

/**
 * Round ticks, read as a person reads an axis: equally spaced multiples of one 1/2/5 × 10^k step
 * (the smallest gap is the step, so a hidden tick is allowed), or — on a log axis — every tick
 * itself 1, 2 or 5 × 10^k. 0.05 / 0.95 / 1.9 / 2.85 and 350 / 600 / 850 fail both.
 */
export function roundTicks(ticks: number[]): boolean {
  const sorted = [...ticks].sort((a, b) => a - b);
  if (sorted.length < 2) return sorted.every((t) => t === 0 || isOneTwoFive(t));
  const step = Math.min(...sorted.slice(1).map((v, i) => v - sorted[i]!));
  const linear =
    isOneTwoFive(step) && sorted.every((v) => Math.abs(v / step - Math.round(v / step)) < 1e-6);
  return linear || sorted.every((v) => v > 0 && isOneTwoFive(v));
}

/** "1.5", "−0.5", "20%", "1,000" → numbers; anything else is not a numeric tick. */
export function parseTick(text: string): number {
  const cleaned = text.replace(/\u2212/g, "-").replace(/[%,\s]|ms$/g, "");
  return cleaned === "" ? Number.NaN : Number(cleaned);
}

export type ChartReading = {
  title: string;
  axes: { axis: string; ticks: string[] }[];
};

/**
 * Every chart figure on the page, once every Recharts chart has drawn: its title and the tick
 * labels of each numeric axis (an axis marked `axis-category` holds names, not numbers). Recharts
 * draws tick labels in a layer of their own, `.recharts-{x,y}Axis-tick-labels`.
 */
export async function readCharts(page: Page): Promise<ChartReading[]> {
  await expect(page.locator("figure.chart .chart-body:not(:has(.recharts-surface))")).toHaveCount(
    0,
  );
  // The surface comes first, the tick labels once Recharts has measured the axes.
  for (const axis of ["xAxis", "yAxis"])
    await expect(
      page.locator(
        `figure.chart:has(.recharts-surface):not(:has(.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value))`,
      ),
    ).toHaveCount(0);
  return page.locator("figure.chart").evaluateAll((figures) =>
    figures.map((f) => ({
      title: f.querySelector("figcaption h3")?.textContent?.trim() ?? "",
      axes: (["x", "y"] as const).flatMap((axis) => {
        const layer = f.querySelector(`.recharts-cartesian-axis.recharts-${axis}Axis`);
        if (!layer || layer.classList.contains("axis-category")) return [];
        const labels = f.querySelectorAll(
          `.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`,
        );
        return [{ axis, ticks: [...labels].map((t) => t.textContent?.trim() ?? "") }];
      }),
    })),
  );
}

/**
 * The page-wide rules: report-section test ids unique, every chart titled and no two alike, and
 * every numeric axis on round values. Returns the charts read, for further checks.
 */
export async function expectHonestCharts(page: Page): Promise<ChartReading[]> {
  const ids = await page
    .locator('[data-testid^="report-section-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")));
  expect(ids.length, "report sections").toBe(new Set(ids).size);

  const charts = await readCharts(page);
  expect(charts.length, "charts on the page").toBeGreaterThan(0);
  const titles = charts.map((c) => c.title);
  expect(
    titles.filter((t) => t === ""),
    "untitled charts",
  ).toEqual([]);
  expect(
    titles.filter((t, i) => titles.indexOf(t) !== i),
    "chart titles used twice",
  ).toEqual([]);

  for (const chart of charts)
    for (const { axis, ticks } of chart.axes) {
      expect(ticks.length, `${chart.title} ${axis}: ticks`).toBeGreaterThanOrEqual(2);
      const values = ticks.map(parseTick);
      expect(values.every(Number.isFinite), `${chart.title} ${axis}: ${ticks.join(" | ")}`).toBe(
        true,
      );
      expect(roundTicks(values), `${chart.title} ${axis} ticks ${ticks.join(", ")}`).toBe(true);
    }
  return charts;
}
