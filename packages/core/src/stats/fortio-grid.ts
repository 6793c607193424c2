/**
 * Fortio's histogram bucket boundaries (stats.go histogramBucketValues): a bucket edge is
 * resolution × one of these (the -r flag is Fortio's Divider; Offset is 0 for latencies).
 */
export const FORTIO_BUCKET_VALUES: readonly number[] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90,
  100, 120, 140, 160, 180, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000, 2000, 3000,
  4000, 5000, 7500, 10000, 20000, 30000, 40000, 50000, 75000, 100000,
];

/** Fortio's edges within [lo, hi], computed as Fortio does (Divider × value + Offset, Offset 0). */
export function fortioGridEdges(resolution: number, lo: number, hi: number): number[] {
  return FORTIO_BUCKET_VALUES.map((v) => resolution * v).filter((e) => e >= lo && e <= hi);
}
