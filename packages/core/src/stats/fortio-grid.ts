import type { THistogram } from "@meshbench/contracts";

/**
 * Fortio's histogram bucket boundaries (stats.go histogramBucketValues): a bucket edge is
 * resolution × one of these (the -r flag is Fortio's Divider; Offset is 0 for latencies).
 */
export const FORTIO_BUCKET_VALUES: readonly number[] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90,
  100, 120, 140, 160, 180, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000, 2000, 3000,
  4000, 5000, 7500, 10000, 20000, 30000, 40000, 50000, 75000, 100000,
];

/** Fortio's last cell index: everything above resolution × 100000 (its "> last value" bucket). */
export const FORTIO_OVERFLOW_CELL = FORTIO_BUCKET_VALUES.length;

/** Fortio's edges within [lo, hi], computed as Fortio does (Divider × value + Offset, Offset 0). */
export function fortioGridEdges(resolution: number, lo: number, hi: number): number[] {
  return FORTIO_BUCKET_VALUES.map((v) => resolution * v).filter((e) => e >= lo && e <= hi);
}

/**
 * The cell Fortio records v in (stats.go Histogram.record), operation for operation: cell c holds
 * ]values[c-1], values[c]] × resolution; a scaled value within 1e-12 above an integer counts as
 * that integer (Fortio's open-left epsilon), so the cell of a sample is not always the one its
 * value lies in geometrically. 0 holds v ≤ 0; FORTIO_OVERFLOW_CELL holds v > 100000 × resolution.
 */
export function fortioCellOf(v: number, resolution: number): number {
  const scaled = v / resolution;
  if (scaled <= 0) return 0;
  if (scaled > FORTIO_BUCKET_VALUES[FORTIO_OVERFLOW_CELL - 1]!) return FORTIO_OVERFLOW_CELL;
  let truncated = Math.trunc(scaled);
  if (scaled - truncated < 1e-12) truncated--;
  const c = FORTIO_BUCKET_VALUES.findIndex((value) => value > truncated);
  return c === -1 ? FORTIO_OVERFLOW_CELL : c;
}

/** Lower edge of a cell as Fortio exports it; null for cell 0 (unbounded below). */
export const fortioCellStart = (c: number, resolution: number): number | null =>
  c === 0 ? null : resolution * FORTIO_BUCKET_VALUES[c - 1]!;

/** Upper edge of a cell as Fortio exports it; null for the overflow cell (unbounded above). */
export const fortioCellEnd = (c: number, resolution: number): number | null =>
  c >= FORTIO_OVERFLOW_CELL ? null : resolution * FORTIO_BUCKET_VALUES[c]!;

function cellEndingAt(edge: number, resolution: number): number | null {
  const c = FORTIO_BUCKET_VALUES.findIndex((v) => resolution * v === edge);
  return c === -1 ? null : c;
}

function cellStartingAt(edge: number, resolution: number): number | null {
  const c = FORTIO_BUCKET_VALUES.findIndex((v) => resolution * v === edge);
  return c === -1 ? null : c + 1;
}

/**
 * The Fortio cell of each bucket of a histogram Fortio exported at this resolution (stats.go
 * Histogram.Export: a bucket per non-empty cell, the first starting at Min, the last ending at
 * Max, the others on the grid), or null when the histogram is not such an export. A bucket other
 * than the last is known by its end; the last by its start; a lone bucket by Fortio's own rule
 * applied to Max (every sample of it was recorded in that one cell).
 */
export function fortioBucketCells(h: THistogram, resolution: number): number[] | null {
  const last = h.buckets.length - 1;
  const cells: number[] = [];
  for (const [i, b] of h.buckets.entries()) {
    const c =
      last === 0
        ? fortioCellOf(h.max, resolution)
        : i < last
          ? cellEndingAt(b.end, resolution)
          : cellStartingAt(b.start, resolution);
    const previous = cells[cells.length - 1];
    if (c === null || (previous !== undefined && c <= previous)) return null;
    cells.push(c);
  }
  return cells;
}
