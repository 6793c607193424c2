import type { ScalePoint, ScaleTiming } from "./scale";
import { ms } from "./stats";

type Row = [string, string, string, string, string, string];
const LIMIT_MS = 300;

/** The scale bench's table rows: per page, p95 at each N (first view apart), ≤ 300 ms each. */
export function scaleRows(points: ScalePoint[]): Row[] {
  const pages: [
    keyof ScalePoint & ("list" | "history" | "compare" | "report" | "export"),
    string,
  ][] = [
    ["list", "Runs list (25 of the benchmark's runs)"],
    ["history", "History with change points (min(N, 1000) runs)"],
    ["compare", "Compare 2 runs (one cell each)"],
    ["report", "Run report (12 trials, uncached)"],
    ["export", "Run export (CSV)"],
  ];
  const show = (t: ScaleTiming) => `${ms(t.p95)} (first ${ms(t.first)})`;
  return pages.map(([key, label]) => {
    const worst = Math.max(...points.map((p) => p[key].p95));
    return [
      `Scale: ${label} p95 at N = ${points.map((p) => p.runs).join(" / ")} runs`,
      points.map((p) => show(p[key])).join(" · "),
      points.map((p) => `${p.trials} trials, seeded ${p.seedSeconds.toFixed(1)} s`).join(" · "),
      points.length > 1
        ? `${(points.at(-1)![key].p95 / points[0]![key].p95).toFixed(1)}× over ${points.at(-1)!.runs / points[0]!.runs}× runs`
        : "—",
      `≤ ${LIMIT_MS} ms`,
      worst <= LIMIT_MS ? "yes" : "**no**",
    ];
  });
}
