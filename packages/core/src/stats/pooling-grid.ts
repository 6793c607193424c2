import type { THistogram } from "@meshbench/contracts";
import {
  FORTIO_BUCKET_VALUES,
  fortioBucketCells,
  fortioCellEnd,
  fortioCellStart,
  fortioGridEdges,
} from "./fortio-grid";

/**
 * Counts of one histogram re-expressed on a shared grid of edges: `segments[j]` samples lie in
 * [edges[j], edges[j+1]], `points[k]` samples sit exactly at edges[k] (Nighthawk- and
 * wrk2-derived histograms have zero-width buckets).
 */
export interface Projection {
  segments: number[];
  points: number[];
}

/**
 * The union of bucket edges, except each histogram's first start (= its min) and last end
 * (= its max). Fortio exports those two as clamps of the real bucket ([min, 1 ms] is really
 * (0, 1 ms]); keeping them would split every other trial's first and last buckets for no reason.
 * Without them, histograms recorded at the same resolution share all their edges and pooling
 * them is exact. The global min and max close the grid. With Fortio's resolution, its whole
 * bucket grid is added too, so trials that each reveal few edges still pool cell by cell.
 */
export function gridEdges(hs: readonly THistogram[], fortioResolution?: number): number[] {
  const edges = new Set<number>();
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const h of hs) {
    lo = Math.min(lo, h.min);
    hi = Math.max(hi, h.max);
    const last = h.buckets.length - 1;
    h.buckets.forEach((b, i) => {
      if (!(i === 0 && b.start === h.min)) edges.add(b.start);
      if (!(i === last && b.end === h.max)) edges.add(b.end);
    });
  }
  edges.add(lo);
  edges.add(hi);
  if (fortioResolution !== undefined)
    for (const e of fortioGridEdges(fortioResolution, lo, hi)) edges.add(e);
  return [...edges].filter((e) => e >= lo && e <= hi).sort((a, b) => a - b);
}

/** Largest j with edges[j] <= x, as a segment index (clamped to the last segment). */
function segmentAt(edges: readonly number[], x: number): number {
  let lo = 0;
  let hi = edges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((edges[mid] ?? 0) <= x) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, Math.min(lo, edges.length - 2));
}

/** Smallest k with edges[k] >= x. */
function edgeAtOrAbove(edges: readonly number[], x: number): number {
  let lo = 0;
  let hi = edges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((edges[mid] ?? 0) >= x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function add(values: number[], index: number, amount: number) {
  values[index] = (values[index] ?? 0) + amount;
}

/**
 * Spreads `count` uniformly over [start, end] across segments j0..j1-1. Integer counts come
 * from rounding the cumulative share at each boundary, so they are non-negative, add up to
 * `count` exactly and do not depend on the order histograms are given in.
 */
function spread(
  into: number[],
  edges: readonly number[],
  start: number,
  end: number,
  count: number,
  j0: number,
  j1: number,
) {
  const width = end - start;
  let covered = 0;
  let allocated = 0;
  for (let j = j0; j < j1; j++) {
    const overlap = Math.min(edges[j + 1] ?? end, end) - Math.max(edges[j] ?? start, start);
    covered += Math.max(0, overlap);
    const cumulative = j === j1 - 1 ? count : Math.round((count * covered) / width);
    add(into, j, cumulative - allocated);
    allocated = cumulative;
  }
}

/**
 * A histogram whose only bucket has zero width (every sample equal: Fortio exports [Min, Max])
 * stands for the grid cell holding that value, so it goes to the segment ending at it (Fortio's
 * intervals are ]previous, current]); otherwise it would leave a spurious edge behind and
 * pooling in steps would differ from pooling at once. Zero-width buckets inside a histogram
 * (Nighthawk's [min, min] first entry, wrk2 spectra) keep their point when it is a grid edge.
 */
const isSingleValue = (h: THistogram) => h.buckets.length === 1;

/** Re-expresses h on the grid; exact unless a bucket straddles an edge it does not own. */
export function project(h: THistogram, edges: readonly number[]): Projection {
  const segmentCount = Math.max(0, edges.length - 1);
  const segments = new Array<number>(segmentCount).fill(0);
  const points = new Array<number>(edges.length).fill(0);
  for (const b of h.buckets) {
    if (b.count === 0) continue;
    if (segmentCount === 0) {
      add(points, 0, b.count);
    } else if (b.start === b.end) {
      const k = edgeAtOrAbove(edges, b.start);
      if (edges[k] === b.start && !isSingleValue(h)) add(points, k, b.count);
      else add(segments, Math.min(segmentCount - 1, Math.max(0, k - 1)), b.count);
    } else {
      const j0 = segmentAt(edges, b.start);
      const j1 = Math.max(j0 + 1, edgeAtOrAbove(edges, b.end));
      if (j1 - j0 === 1) add(segments, j0, b.count);
      else spread(segments, edges, b.start, b.end, b.count, j0, j1);
    }
  }
  return { segments, points };
}

/** The grid a pool works on and every input re-expressed on it. */
export interface PoolingGrid {
  edges: number[];
  projections: Projection[];
  /**
   * Set when the grid is Fortio's cells: the start of its overflow cell, whose exported bucket
   * starts there even when it is the first (stats.go Export), so the pool must not clamp it to min.
   */
  overflowStart?: number;
}

/**
 * Fortio exports at one resolution, pooled cell by cell: the grid is the edges of every cell any
 * input uses (the global min and max stand in for the unbounded ends), each bucket goes to its
 * own cell by Fortio's rule, never by where its clamped ends happen to lie. The pool is then
 * the histogram Fortio would have exported for all the samples at once, bit for bit, even when
 * a sample sits on a grid edge or within Fortio's 1e-12 epsilon of one. Null when an input is
 * not a Fortio export at this resolution.
 */
function fortioCellGrid(hs: readonly THistogram[], resolution: number): PoolingGrid | null {
  const cellsOf: number[][] = [];
  for (const h of hs) {
    const cells = fortioBucketCells(h, resolution);
    if (cells === null) return null;
    cellsOf.push(cells);
  }
  const lo = Math.min(...hs.map((h) => h.min));
  const hi = Math.max(...hs.map((h) => h.max));
  const startOf = (c: number) => fortioCellStart(c, resolution) ?? lo;
  const endOf = (c: number) => fortioCellEnd(c, resolution) ?? hi;
  const edgeSet = new Set<number>();
  for (const cells of cellsOf)
    for (const c of cells) {
      edgeSet.add(startOf(c));
      edgeSet.add(endOf(c));
    }
  const edges = [...edgeSet].sort((a, b) => a - b);
  const projections = hs.map((h, i) => {
    const segments = new Array<number>(Math.max(0, edges.length - 1)).fill(0);
    const points = new Array<number>(edges.length).fill(0);
    (cellsOf[i] ?? []).forEach((c, j) => {
      const k = edgeAtOrAbove(edges, startOf(c));
      // Cell 0 when min is 0 has no width: a point, as Fortio exports it ([0, 0]).
      add(startOf(c) === endOf(c) ? points : segments, k, h.buckets[j]?.count ?? 0);
    });
    return { segments, points };
  });
  const overflowStart = resolution * FORTIO_BUCKET_VALUES[FORTIO_BUCKET_VALUES.length - 1]!;
  return { edges, projections, overflowStart };
}

/**
 * The grid for pooling these histograms: Fortio's cells when they are Fortio exports at the
 * given resolution (exact), otherwise the union of their edges with uniform splitting.
 */
export function poolingGrid(hs: readonly THistogram[], fortioResolution?: number): PoolingGrid {
  const cells = fortioResolution === undefined ? null : fortioCellGrid(hs, fortioResolution);
  if (cells) return cells;
  const edges = gridEdges(hs, fortioResolution);
  return { edges, projections: hs.map((h) => project(h, edges)) };
}
