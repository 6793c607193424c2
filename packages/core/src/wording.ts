import { formatLatencyDelta, type TSlowerSide } from "@meshbench/contracts";

/** Real minus sign, so negative numbers do not read as hyphens in tables. */
const MINUS = "\u2212";

export interface WordingOptions {
  /** Unit for the absolute delta (input is seconds). Default "ms". */
  unit?: "s" | "ms" | "us";
  /** Decimals for the absolute delta. Default 2. */
  digits?: number;
  /** How the baseline is named when it is the slower side, e.g. "baseline (no mesh)". */
  baselineLabel?: string;
}

export interface WordingInput {
  absolute: number | null;
  slowerSide: TSlowerSide | null;
  slowerByRelative: number | null;
}

function signed(text: string, value: number): string {
  if (Number(text) === 0) return text;
  return value < 0 ? `${MINUS}${text}` : `+${text}`;
}

/** Relative delta to baseline with one decimal: −0.1011 → "−10.1%". */
export function formatRelativeDelta(relative: number): string {
  const pct = relative * 100;
  return `${signed(Math.abs(pct).toFixed(1), pct)}%`;
}

/** "How much slower" percentages: whole percent from 10% up (11.25% → "11%"), one decimal below. */
export function formatSlowerBy(fraction: number): string {
  const pct = fraction * 100;
  return pct >= 10 ? `${Math.round(pct)}%` : `${pct.toFixed(1)}%`;
}

/**
 * One-line delta for a variant column, subject = the variant:
 * variant slower → "+0.15 ms, 11% slower"; baseline slower → "−0.09 ms, baseline (no mesh) is
 * 11% slower" (percentages relative to the faster side, as the seed report words it).
 */
export function formatDeltaWording(d: WordingInput, opts: WordingOptions = {}): string {
  if (d.absolute === null || d.slowerSide === null) return "n/a";
  const absolute = formatLatencyDelta(d.absolute, { unit: opts.unit, digits: opts.digits ?? 2 });
  if (d.slowerSide === "equal") return `${absolute}, no difference`;
  const by = d.slowerByRelative === null ? "infinitely" : formatSlowerBy(d.slowerByRelative);
  if (d.slowerSide === "variant") return `${absolute}, ${by} slower`;
  return `${absolute}, ${opts.baselineLabel ?? "baseline"} is ${by} slower`;
}
