import { REPORT_SECTIONS, type TReportSection, type TRunReport } from "@meshbench/contracts";
import { PercentileTable, ResourceTable } from "@meshbench/ui";
import {
  DistributionCharts,
  LatencyVsConnections,
  LoadCharts,
  LoadCurveCharts,
  compactCurves,
  MeanSdBars,
  meanSdLevel,
  ResourcesVsRps,
  ThroughputVsConnections,
} from "@meshbench/ui/charts";
import type { ReactNode } from "react";
import { AddedLatencyTable, LevelResourceTable, RepetitionTable } from "./report-tables";
import { CapacitySection } from "./capacity-section";
import { RepetitionsOnDemand, type OnDemandSource } from "./tables-on-demand";

/** Stable headings: templates' tests find sections by `data-testid="report-section-<id>"`. */
const SECTION_TITLES: Record<TReportSection, string> = {
  percentiles: "Latency percentiles",
  "added-latency": "Latency added over the baseline",
  "per-repetition": "Per-repetition results",
  "mean-sd-bars": "Mean ± SD over repetitions",
  distribution: "Latency distributions",
  "latency-vs-qps": "Latency across load levels",
  "latency-vs-connections": "Latency vs connections",
  "throughput-vs-connections": "Throughput vs connections",
  "load-curves": "Load curves and saturation",
  resources: "Resource cost",
  "resources-vs-rps": "Resources vs achieved RPS",
  capacity: "Capacity at an SLO",
};

type Ctx = {
  report: TRunReport;
  slug: string;
  compareHref?: (levelKey: string) => string;
  /** The run page's source for tables loaded when opened (the share page has none: inline). */
  onDemand?: OnDemandSource;
  /** The sections on this page: a chart another section draws is not drawn twice. */
  sections: readonly TReportSection[];
};

const fileOf = (slug: string, key: string) => `${slug}-${key.replace(/[^a-z0-9]+/gi, "-")}`;

function Percentiles({ report, compareHref }: Ctx) {
  return (
    <>
      <p className="muted">
        Pooled over repetitions (histograms merged, never averaged percentiles). Deltas are against{" "}
        <strong>{report.reference ?? "—"}</strong> with a 95% bootstrap interval over repetitions; a
        delta whose interval includes zero is marked <span className="noise">≈ noise</span>. Below
        each value: mean ± SD over repetitions.
      </p>
      {report.levels.length === 0 ? <div className="empty">No trials yet.</div> : null}
      {report.levels.map((level) => (
        <section
          key={level.level.key}
          className="level"
          aria-labelledby={`level-${level.level.key}`}
        >
          <h3 id={`level-${level.level.key}`}>
            {level.label}
            {compareHref ? (
              <a className="small-link" href={compareHref(level.level.key)}>
                compare / overlay →
              </a>
            ) : null}
          </h3>
          <PercentileTable table={level} />
        </section>
      ))}
    </>
  );
}

const RENDER: Record<TReportSection, (ctx: Ctx) => ReactNode> = {
  percentiles: (ctx) => <Percentiles {...ctx} />,
  "added-latency": ({ report }) => (
    <>
      <p className="muted">
        P90 and P99 of each variant minus {report.reference ?? "the baseline"}&apos;s at the same
        level (pooled values; saturated trials are not in them).
      </p>
      <AddedLatencyTable rows={report.addedLatency ?? []} reference={report.reference} />
    </>
  ),
  "per-repetition": ({ report, onDemand }) =>
    onDemand ? (
      <RepetitionsOnDemand source={onDemand} count={report.repetitionRows?.length ?? 0} />
    ) : (
      <RepetitionTable report={report} />
    ),
  "mean-sd-bars": ({ report }) => (
    <div className="chart-grid">
      {report.levels.map((l) => (
        <MeanSdBars key={l.level.key} level={meanSdLevel(l)} />
      ))}
    </div>
  ),
  distribution: ({ report, slug }) =>
    report.levels.map((level) => (
      <section key={level.level.key} className="level" aria-label={`Distribution ${level.label}`}>
        <h3>{level.label}</h3>
        <DistributionCharts
          series={compactCurves(level.curves)}
          filename={fileOf(slug, level.level.key)}
          context={report.levels.length > 1 ? level.label : undefined}
        />
      </section>
    )),
  "latency-vs-qps": ({ report, slug, sections }) =>
    report.loadCurve.length > 0 ? (
      <LoadCharts
        points={report.loadCurve}
        filename={slug}
        connections={!sections.includes("latency-vs-connections")}
        throughput={
          sections.includes("load-curves")
            ? undefined
            : { knees: report.saturation?.variants ?? [] }
        }
      />
    ) : (
      <div className="empty">No finished load levels yet.</div>
    ),
  "latency-vs-connections": ({ report, slug }) => (
    <LatencyVsConnections points={report.loadCurve} filename={slug} />
  ),
  "throughput-vs-connections": ({ report, slug }) => (
    <ThroughputVsConnections points={report.loadCurve} filename={slug} />
  ),
  "load-curves": ({ report, slug }) => (
    <LoadCurveCharts
      points={report.loadCurve}
      knees={report.saturation?.variants ?? []}
      filename={slug}
    />
  ),
  resources: ({ report }) => (
    <>
      <LevelResourceTable report={report} />
      <h3>Whole run, per variant</h3>
      <ResourceTable costs={report.resources} />
    </>
  ),
  "resources-vs-rps": ({ report, slug }) => {
    const roles = [...new Set((report.resourceCurves ?? []).map((c) => c.role))];
    return roles.length === 0 ? (
      <div className="empty">No resource samples to plot.</div>
    ) : (
      roles.map((role) => (
        <ResourcesVsRps
          key={role}
          curves={report.resourceCurves ?? []}
          role={role}
          filename={slug}
        />
      ))
    );
  },
  capacity: ({ report }) =>
    report.capacity ? (
      <CapacitySection capacity={report.capacity} />
    ) : (
      <div className="empty">This run is not a capacity search.</div>
    ),
};

/**
 * The run page's sections in the report's order (definition.reportSections, or all with data),
 * each once.
 */
export function ReportSections(props: Omit<Ctx, "sections">) {
  const sections = [
    ...new Set(
      props.report.sections ??
        REPORT_SECTIONS.filter((s) => s !== "capacity" || props.report.capacity !== undefined),
    ),
  ];
  const ctx = { ...props, sections };
  return sections.map((id) => (
    <section key={id} data-testid={`report-section-${id}`} aria-labelledby={`section-${id}`}>
      <h2 id={id === "percentiles" ? "percentiles" : `section-${id}`}>
        {id === "latency-vs-qps" && !sections.includes("load-curves")
          ? "Latency and throughput across load levels"
          : SECTION_TITLES[id]}
      </h2>
      {RENDER[id](ctx)}
    </section>
  ));
}
