import type {
  THistogram,
  TLatencySummary,
  TTrialRecord,
  TTrialRow,
  TValidityFlag,
} from "@meshbench/contracts";
import {
  ZLatencySummary,
  ZLoadGenerator,
  ZPathCheck,
  ZProtocol,
  ZTrialGenerators,
  ZRateSeries,
  ZValidityFlag,
} from "@meshbench/contracts";
import { decodeHistogram, percentileFromHistogram, SUMMARY_PERCENTILES } from "@meshbench/core";
import type { Trial } from "../generated/prisma/client";

const ZFlags = ZValidityFlag.array();

/**
 * The stored summary. Summaries stored before p99.99 existed have no `p9999`: it reads back as
 * null, or, when the trial kept its histogram, as the histogram's p99.99 (the importers summarise
 * a histogram by that same rule, so the value is what the trial would carry if imported today).
 */
function summaryOf(row: Trial, histogramOf: () => THistogram | null): TLatencySummary | null {
  if (row.summary === null) return null;
  const summary = ZLatencySummary.parse(row.summary) satisfies TLatencySummary;
  const raw = row.summary;
  const before = typeof raw === "object" && !Array.isArray(raw) && !("p9999" in raw);
  const histogram = before && !row.summaryOnly ? histogramOf() : null;
  if (histogram) {
    const p9999 = percentileFromHistogram(histogram, SUMMARY_PERCENTILES.p9999);
    if (Number.isFinite(p9999)) summary.p9999 = p9999;
  }
  return summary;
}

/** Maps a stored Trial row to the domain record, decoding its compact histogram. */
export function toTrialRecord(row: Trial): TTrialRecord {
  const histogram = row.histogram ? decodeHistogram(row.histogram) : null;
  const rateSeries =
    row.rateSeries === null ? null : (ZRateSeries.safeParse(row.rateSeries).data ?? null);
  return { ...toTrialRow(row, () => histogram), histogram, rateSeries };
}

/**
 * A stored Trial row as tables and progress read it: no histogram, none decoded (only an old
 * summary without p99.99 decodes its histogram to fill that one value in, as toTrialRecord does).
 */
export function toTrialRow(
  row: Trial,
  histogramOf = () => (row.histogram ? decodeHistogram(row.histogram) : null),
): TTrialRow {
  return {
    id: row.id,
    key: row.key,
    variant: row.variant,
    requestedQps: row.requestedQps,
    connections: row.connections,
    payloadBytes: row.payloadBytes,
    protocol: ZProtocol.parse(row.protocol),
    keepAlive: row.keepAlive,
    repetition: row.repetition,
    sequence: row.sequence,
    status: row.status,
    failureReason: row.failureReason,
    loadGenerator: ZLoadGenerator.parse(row.loadGenerator),
    summaryOnly: row.summaryOnly,
    resolutionSeconds: row.resolutionSeconds,
    validityFlags: ZFlags.parse(row.validityFlags) satisfies TValidityFlag[],
    actualQps: row.actualQps,
    durationSeconds: row.durationSeconds,
    requestCount: row.requestCount,
    errorCount: row.errorCount,
    summary: summaryOf(row, histogramOf),
    pathCheck: row.pathCheck === null ? null : (ZPathCheck.safeParse(row.pathCheck).data ?? null),
    ...generatorsOf(row.meta),
  };
}

/** A trial merged from several load generators keeps each one's numbers in its meta. */
function generatorsOf(meta: Trial["meta"]) {
  if (!meta || typeof meta !== "object" || Array.isArray(meta) || !("generators" in meta))
    return {};
  const parsed = ZTrialGenerators.safeParse({
    each: meta["generators"],
    window: meta["window"] ?? null,
  });
  return parsed.success ? { generators: parsed.data } : {};
}
