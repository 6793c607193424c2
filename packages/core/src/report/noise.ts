import type { TLevelReport, TNoiseBandCell, TStatCell } from "@meshbench/contracts";
import { judgeAgainstNoise, noiseBandFor, type NoiseCalibration } from "../noise";

/** A cluster's calibration with its bands and the A/A run they came from, as reports use it. */
export type ClusterCalibration = { runId: string; calibration: NoiseCalibration };

function noiseCell(
  cell: TStatCell,
  level: TLevelReport["level"],
  cal: ClusterCalibration,
): TStatCell {
  if (!cell.delta) return cell;
  const lookup = noiseBandFor(cal.calibration, level, cell.stat);
  if (!lookup.band || lookup.source === "none") return { ...cell, noise: null };
  const judged = judgeAgainstNoise(cell.delta, lookup);
  const noise: TNoiseBandCell = {
    band: lookup.band,
    source: lookup.source === "exact" ? "calibrated" : "nearest",
    label: lookup.label,
    calibratedQps: lookup.calibratedQps,
    calibrationRunId: cal.runId,
    call: judged.call,
  };
  // A delta the cluster also makes between two identical baselines is not the mesh's doing,
  // whatever its own interval says: the wording leads with that.
  const wording =
    judged.call === "noise" && cell.wording
      ? `within noise (${lookup.label}): ${cell.wording}`
      : cell.wording;
  return { ...cell, noise, wording };
}

/**
 * Puts the cluster's A/A band beside every delta of a run report (core noiseBandFor: the level's
 * own band, else the nearest calibrated QPS of the same shape, labelled so, else none). Without a
 * calibration the levels are returned unchanged.
 */
export function withNoiseBands(
  levels: TLevelReport[],
  cal: ClusterCalibration | null,
): TLevelReport[] {
  if (!cal) return levels;
  return levels.map((l) => ({
    ...l,
    rows: l.rows.map((r) => ({
      ...r,
      stats: r.stats.map((c) => noiseCell(c, l.level, cal)),
    })),
  }));
}
