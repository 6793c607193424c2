import type { THistogram, THistogramBucket } from "@meshbench/contracts";
import { ByteReader, ByteWriter, HistogramCodecError } from "./byte-buffer";
import { FORTIO_BUCKET_VALUES } from "./fortio-grid";

/*
 * Compact, lossless histogram encoding (version 1): 32–104 bytes for the Fortio fixture trials
 * (a tenth of the histogram as JSON), ~180–410 bytes for Nighthawk/wrk2 spectra (formats'
 * codec-size test prints the table).
 *
 *   u8 version | u8 flags (bit0 stddev is a number, bit1 stddev is null) | u8 unit code
 *   [f64 unit when code = 255] | varint count | value min | value max | f64 sum | [f64 stddev]
 *   varint bucket count | per bucket: value start, value end, varint count
 *
 * A "value" is varint(payload * 8 + tag). Tags say how to rebuild the exact double:
 *   0 same as the previous value (start = previous end; end = its own start), 1 = min, 2 = max,
 *   3 payload × unit, 4 payload / 1e9 (nanoseconds, as Nighthawk and Fortio's Min/Max produce),
 *   5 Go's Duration.Seconds() form sec + nsec/1e9, 6 raw float64 follows (the fallback).
 * Each form is used only when it reproduces the value bit for bit (Object.is), so decoding is
 * exact by construction. Fortio edges are Divider × bucket value, hence tag 3 with the
 * resolution as unit; the unit is picked per histogram as the candidate that costs fewest bytes.
 */
const VERSION = 1;
const TAG = { previous: 0, min: 1, max: 2, unit: 3, nanos: 4, goSeconds: 5, raw: 6 } as const;
const MAX_PAYLOAD = Math.floor((Number.MAX_SAFE_INTEGER - 7) / 8);
const DECIMAL_UNITS = [1, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9];
const CUSTOM_UNIT = 255;

interface Refs {
  unit: number | null;
  previous?: number;
  min?: number;
  max?: number;
}

const goSeconds = (n: number) => {
  const sec = Math.floor(n / 1e9);
  return sec + (n - sec * 1e9) / 1e9;
};

function integerForm(x: number, toValue: (n: number) => number, scale: number): number | null {
  // -0 would round-trip through an integer as +0, so it takes the raw path.
  if (!(x >= 0) || Object.is(x, -0) || x * scale > MAX_PAYLOAD) return null;
  const guess = Math.round(x * scale);
  for (const n of [guess, guess - 1, guess + 1]) {
    if (n >= 0 && n <= MAX_PAYLOAD && Object.is(toValue(n), x)) return n;
  }
  return null;
}

function unitMultiple(x: number, unit: number | null): number | null {
  return unit === null || !(unit > 0) ? null : integerForm(x, (k) => k * unit, 1 / unit);
}

function writeValue(w: ByteWriter, x: number, refs: Refs) {
  const tagged = (payload: number, tag: number) => w.varint(payload * 8 + tag);
  if (refs.previous !== undefined && Object.is(x, refs.previous)) return tagged(0, TAG.previous);
  if (refs.min !== undefined && Object.is(x, refs.min)) return tagged(0, TAG.min);
  if (refs.max !== undefined && Object.is(x, refs.max)) return tagged(0, TAG.max);
  const k = unitMultiple(x, refs.unit);
  if (k !== null) return tagged(k, TAG.unit);
  const nanos = integerForm(x, (n) => n / 1e9, 1e9);
  if (nanos !== null) return tagged(nanos, TAG.nanos);
  const go = x >= 1 ? integerForm(x, goSeconds, 1e9) : null;
  if (go !== null) return tagged(go, TAG.goSeconds);
  tagged(0, TAG.raw);
  w.float64(x);
}

function readValue(r: ByteReader, refs: Refs): number {
  const word = r.varint();
  const tag = word % 8;
  const payload = Math.floor(word / 8);
  const ref = (v: number | undefined) => {
    if (v === undefined || payload !== 0) throw new HistogramCodecError(`bad reference tag ${tag}`);
    return v;
  };
  switch (tag) {
    case TAG.previous:
      return ref(refs.previous);
    case TAG.min:
      return ref(refs.min);
    case TAG.max:
      return ref(refs.max);
    case TAG.unit:
      if (refs.unit === null) throw new HistogramCodecError("unit multiple without a unit");
      return payload * refs.unit;
    case TAG.nanos:
      return payload / 1e9;
    case TAG.goSeconds:
      return goSeconds(payload);
    case TAG.raw:
      return r.float64();
    default:
      throw new HistogramCodecError(`unknown value tag ${tag}`);
  }
}

const varintLength = (n: number): number => (n < 0x80 ? 1 : 1 + varintLength(Math.floor(n / 0x80)));

/** Bytes an edge costs with this unit (previous/min/max references cost the same under any unit). */
function edgeCost(x: number, unit: number): number {
  const k = unitMultiple(x, unit);
  if (k !== null) return varintLength(k * 8);
  const nanos = integerForm(x, (n) => n / 1e9, 1e9);
  return nanos === null ? 9 : varintLength(nanos * 8);
}

/**
 * Picks the unit that encodes the edges in the fewest bytes (decimal units win ties). A
 * candidate's sum stops as soon as it reaches the best so far (it can no longer win): the same
 * choice, in a fraction of the work (a trial's encoding is on every upload's path, issue 27).
 */
function chooseUnit(h: THistogram): number | null {
  const sample: number[] = [];
  let previousEnd: number | undefined;
  for (const b of h.buckets.slice(0, 64)) {
    if (b.start !== previousEnd) sample.push(b.start);
    sample.push(b.end);
    previousEnd = b.end;
  }
  const edges = sample.filter((v) => !Object.is(v, h.min) && !Object.is(v, h.max));
  const firstEdge = edges.find((v) => v > 0);
  if (firstEdge === undefined) return null;
  const custom = FORTIO_BUCKET_VALUES.filter((c) => c > 0).map((c) => firstEdge / c);
  const baseline = edges.reduce((a, v) => a + edgeCost(v, Number.NaN), 0);
  let best: number | null = null;
  let bestCost = baseline;
  const candidates = [...DECIMAL_UNITS, ...custom];
  candidates.forEach((unit, i) => {
    let cost = i < DECIMAL_UNITS.length ? 0 : 8;
    for (const v of edges) {
      if (cost >= bestCost) return;
      cost += edgeCost(v, unit);
    }
    if (cost < bestCost) [best, bestCost] = [unit, cost];
  });
  return best;
}

export function encodeHistogram(h: THistogram): Uint8Array {
  const w = new ByteWriter();
  const unit = chooseUnit(h);
  const hasStddev = typeof h.stddev === "number";
  w.byte(VERSION);
  w.byte((hasStddev ? 1 : 0) | (h.stddev === null ? 2 : 0));
  const code = unit === null ? 0 : DECIMAL_UNITS.indexOf(unit) + 1;
  w.byte(code > 0 ? code : unit === null ? 0 : CUSTOM_UNIT);
  if (unit !== null && code === 0) w.float64(unit);
  w.varint(h.count);
  writeValue(w, h.min, { unit });
  writeValue(w, h.max, { unit, previous: h.min });
  w.float64(h.sum);
  if (hasStddev) w.float64(h.stddev ?? 0);
  w.varint(h.buckets.length);
  let previousEnd: number | undefined;
  for (const b of h.buckets) {
    writeValue(w, b.start, { unit, previous: previousEnd, min: h.min, max: h.max });
    writeValue(w, b.end, { unit, previous: b.start, min: h.min, max: h.max });
    w.varint(b.count);
    previousEnd = b.end;
  }
  return w.toBytes();
}

export function decodeHistogram(bytes: Uint8Array): THistogram {
  const r = new ByteReader(bytes);
  const version = r.byte();
  if (version !== VERSION)
    throw new HistogramCodecError(`unsupported histogram encoding version ${version}`);
  const flags = r.byte();
  if (flags > 2) throw new HistogramCodecError(`bad flags ${flags}`);
  const code = r.byte();
  let unit: number | null = null;
  if (code === CUSTOM_UNIT) unit = r.float64();
  else if (code > 0) unit = DECIMAL_UNITS[code - 1] ?? null;
  if (code !== 0 && unit === null) throw new HistogramCodecError(`bad unit code ${code}`);
  const count = r.varint();
  const min = readValue(r, { unit });
  const max = readValue(r, { unit, previous: min });
  const sum = r.float64();
  const stddev = flags === 1 ? r.float64() : null;
  const n = r.varint();
  const buckets: THistogramBucket[] = [];
  let previousEnd: number | undefined;
  for (let i = 0; i < n; i++) {
    const start = readValue(r, { unit, previous: previousEnd, min, max });
    const end = readValue(r, { unit, previous: start, min, max });
    buckets.push({ start, end, count: r.varint() });
    previousEnd = end;
  }
  r.assertDone();
  const h: THistogram = { count, min, max, sum, buckets };
  if (flags !== 0) h.stddev = stddev;
  return h;
}
