import { ZRateSeries, type TRateSeries } from "@meshbench/contracts";
import type { Database } from "../client";

const seriesOf = (json: unknown): TRateSeries | null =>
  json === null ? null : (ZRateSeries.safeParse(json).data ?? null);

/**
 * Trials' throughput over time, read apart from the trials: the run page loads one trial's series
 * when it is selected, the JSON export every series of the run; nothing else decodes them.
 */
export function createRateSeriesRepository(db: Database) {
  return {
    async ofTrial(workspaceId: string, runId: string, trialId: string) {
      const row = await db.trial.findFirst({
        where: { id: trialId, runId, run: { workspaceId } },
        select: { id: true, rateSeries: true },
      });
      return row ? { trialId: row.id, series: seriesOf(row.rateSeries) } : null;
    },

    /** Every trial of the run that has a series, by trial key. */
    async ofRun(workspaceId: string, runId: string): Promise<Record<string, TRateSeries>> {
      const rows = await db.trial.findMany({
        where: { runId, run: { workspaceId } },
        select: { key: true, rateSeries: true },
        orderBy: { sequence: "asc" },
      });
      const out: Record<string, TRateSeries> = {};
      for (const r of rows) {
        const s = seriesOf(r.rateSeries);
        if (s) out[r.key] = s;
      }
      return out;
    },
  };
}

export type RateSeriesRepository = ReturnType<typeof createRateSeriesRepository>;
