import type { TRunReport } from "@meshbench/contracts";
import { summarizeLevel } from "@meshbench/ui";

/**
 * The answer first: one line per load level, each variant against the reference at p50 and p99
 * with the report's own noise call (packages/ui summarizeLevel words the deltas the report holds).
 */
export function RunSummary({ report }: { report: TRunReport }) {
  if (report.levels.length === 0) return null;
  return (
    <section className="panel run-summary" data-testid="report-summary" aria-labelledby="summary">
      <h2 id="summary">Summary</h2>
      <p className="muted">
        {report.variants.length > 1 ? (
          <>
            Against <strong>{report.reference ?? "the reference"}</strong>, pooled over repetitions;
            the tables below have every statistic with its 95% interval.
          </>
        ) : (
          <>Pooled over repetitions; the tables below have every statistic.</>
        )}
      </p>
      <ul>
        {report.levels.map((level) => (
          <li key={level.level.key} data-level={level.level.key}>
            <strong>{level.label}</strong>: {summarizeLevel(level).join(" ")}
          </li>
        ))}
      </ul>
    </section>
  );
}
