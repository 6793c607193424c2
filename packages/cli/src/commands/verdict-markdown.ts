import type { TRunReport, TVerdict, TVerdictCheck } from "@meshbench/contracts";
import { STATISTIC_LABELS } from "@meshbench/contracts";
import { deltaRows } from "./report-rows";

/** What `meshbench comment` finds its own PR comment by (the body's first line). */
export const COMMENT_MARKER = "<!-- meshbench -->";
export const markerFor = (name?: string) =>
  name ? `<!-- meshbench:${name.replace(/[^\w.-]/g, "_")} -->` : COMMENT_MARKER;

const ICON = { pass: "✅", fail: "❌", inconclusive: "⚠️" } as const;

/**
 * A table cell from text a tenant or a server wrote (titles, names, reasons): one line, no
 * column breaks, no HTML — GitHub renders comments as markdown with HTML.
 */
export function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, " ")
    .replace(/\|/g, "\\|")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .trim();
}

function checkLabel(c: TVerdictCheck): string {
  const stat = c.statistic ? ` ${STATISTIC_LABELS[c.statistic]}` : "";
  const where = c.cell
    ? ` · ${c.cell.variant} @ ${c.cell.requestedQps ?? "max"} QPS × ${c.cell.connections}`
    : "";
  return `${c.kind}${stat}${where}`;
}

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ];
}

/**
 * The verdict as a PR comment: status, every check with its reason, the deltas with their
 * intervals and the cluster's noise band (from the run report), and a link to the run.
 */
export function verdictMarkdown(
  v: TVerdict,
  report: TRunReport | null,
  runUrl: string,
  marker = COMMENT_MARKER,
): string {
  const reference = v.reference
    ? ` · judged against run \`${v.reference.runId}\`${v.reference.gitBranch ? ` on \`${cell(v.reference.gitBranch)}\`` : ""}${v.reference.gitCommit ? ` @ \`${v.reference.gitCommit.slice(0, 12)}\`` : ""}`
    : "";
  const title = report ? ` — ${cell(report.run.title)}` : "";
  const lines = [
    marker,
    `### ${ICON[v.status]} Meshbench verdict: **${v.status.toUpperCase()}**`,
    "",
    `[Run \`${v.runId}\`](${runUrl})${title}${v.benchmarkKey ? ` · benchmark \`${cell(v.benchmarkKey)}\`` : ""}${reference}`,
    "",
  ];
  if (v.checks.length > 0)
    lines.push(
      ...table(
        ["", "Check", "Reason"],
        v.checks.map((c) => [ICON[c.status], checkLabel(c), c.reason]),
      ),
      "",
    );
  else lines.push(...v.reasons.map((r) => `- ${cell(r)}`), "");
  const deltas = report ? deltaRows(report) : [];
  if (report && deltas.length > 0)
    lines.push(
      `**Deltas against \`${cell(report.reference ?? "the reference")}\`** (pooled histograms; bootstrap intervals over repetitions; noise band from the cluster's A/A calibration)`,
      "",
      ...table(
        ["Level", "Variant", "Stat", "ms", "Δ", "Interval", "Noise band"],
        deltas.map((d) => [d.level, d.variant, d.stat, d.values, d.delta, d.interval, d.noise]),
      ),
      "",
    );
  if (report && report.failures.count > 0)
    lines.push(`${report.failures.count} trial(s) failed; see the run.`, "");
  lines.push(`<sub>${cell(v.method)} Seed ${v.seed}.</sub>`);
  return `${lines.join("\n")}\n`;
}
