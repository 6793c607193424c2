import type { TLatencySummary, TTrialRecord, TValidityFlag } from "@meshbench/contracts";
import { ZLatencySummary, ZLoadGenerator, ZProtocol, ZValidityFlag } from "@meshbench/contracts";
import { decodeHistogram } from "@meshbench/core";
import type { Trial } from "../generated/prisma/client";

const ZFlags = ZValidityFlag.array();

/** Maps a stored Trial row to the domain record, decoding its compact histogram. */
export function toTrialRecord(row: Trial): TTrialRecord {
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
    summary:
      row.summary === null ? null : (ZLatencySummary.parse(row.summary) satisfies TLatencySummary),
    histogram: row.histogram ? decodeHistogram(row.histogram) : null,
  };
}
