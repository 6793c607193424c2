import { secondsToMs } from "@meshbench/contracts";
import { columnOf } from "./csv-reader";
import { ImportError } from "./errors";

/** What `_stats_history.csv` adds to a Locust trial. */
export interface LocustHistory {
  /** ISO time of the first sample (Locust writes Unix seconds). */
  startedAt: string;
  samples: number;
  /** Highest "User Count": each Locust user holds its own connection, so this is the connection count. */
  peakUsers: number;
  /**
   * The samples at peak user count (after the spawn ramp): requests and failures counted between
   * the first and the last of them, from the cumulative "Total Request Count" column. Null when
   * fewer than two samples were at peak, or no time passed between them.
   */
  steady: {
    seconds: number;
    requests: number;
    failures: number;
    requestsPerSecond: number;
  } | null;
}

function cellNumber(cells: string[], column: number, path: string, integer: boolean): number {
  const raw = (cells[column] ?? "").trim();
  const n = raw === "" ? NaN : Number(raw);
  if (!Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n)))
    throw new ImportError(
      path,
      `must be a non-negative ${integer ? "integer" : "number"}, not ${JSON.stringify(raw.slice(0, 20))}`,
    );
  return n;
}

/**
 * Reads the Aggregated rows of a Locust `_stats_history.csv` (header row first). Per-endpoint
 * rows (`--csv-full-history`) are ignored: the trial is the Aggregated row.
 */
export function readLocustHistory(rows: string[][], firstLine: number): LocustHistory | null {
  const [header, ...body] = rows;
  if (!header) return null;
  const col = {
    timestamp: columnOf(header, "Timestamp"),
    users: columnOf(header, "User Count"),
    name: columnOf(header, "Name"),
    total: columnOf(header, "Total Request Count"),
    failures: columnOf(header, "Total Failure Count"),
  };
  for (const [key, index] of Object.entries(col))
    if (index < 0) throw new ImportError(`stats_history.${key}`, "column is missing");
  const points = body.flatMap((cells, i) => {
    if ((cells[col.name] ?? "").trim() !== "Aggregated") return [];
    const where = (c: string) => `stats_history line ${firstLine + i + 1}.${c}`;
    return [
      {
        at: cellNumber(cells, col.timestamp, where("Timestamp"), false),
        users: cellNumber(cells, col.users, where("User Count"), true),
        total: cellNumber(cells, col.total, where("Total Request Count"), true),
        failures: cellNumber(cells, col.failures, where("Total Failure Count"), true),
      },
    ];
  });
  const first = points[0];
  if (!first) return null;
  const peakUsers = points.reduce((max, p) => Math.max(max, p.users), 0);
  const atPeak = points.filter((p) => p.users === peakUsers);
  const [from, to] = [atPeak[0], atPeak[atPeak.length - 1]];
  const seconds = from && to ? to.at - from.at : 0;
  const startedAt = new Date(secondsToMs(first.at));
  if (Number.isNaN(startedAt.getTime()))
    throw new ImportError(`stats_history line ${firstLine + 1}.Timestamp`, "is not a Unix time");
  return {
    startedAt: startedAt.toISOString(),
    samples: points.length,
    peakUsers,
    steady:
      from && to && seconds > 0
        ? {
            seconds,
            requests: to.total - from.total,
            failures: to.failures - from.failures,
            requestsPerSecond: (to.total - from.total) / seconds,
          }
        : null,
  };
}
