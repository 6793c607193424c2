/** 3 significant digits, but never fewer than 0 or more than 3 decimals. */
export function formatSignificant(value: number): string {
  const abs = Math.abs(value);
  const decimals = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3;
  return value.toFixed(decimals);
}

const UNIT_SCALE = { s: 1, ms: 1e3, us: 1e6 } as const;
const UNIT_LABEL = { s: "s", ms: "ms", us: "µs" } as const;
/** Real minus sign, so negative numbers do not read as hyphens in tables. */
const MINUS = "\u2212";

export type LatencyDeltaFormat = {
  /** Unit of the text (the input is seconds); `auto`: µs under 1 ms, else ms. Default ms. */
  unit?: keyof typeof UNIT_SCALE | "auto";
  /** Fixed decimals; without it, 3 significant digits (formatSignificant). */
  digits?: number;
};

/**
 * The one signed latency delta as text, for tables (the report's intervals) and wording (the
 * report's sentences, the CLI): "+0.15 ms", "−90.0 µs", and no sign when it rounds to zero.
 */
export function formatLatencyDelta(
  seconds: number | null | undefined,
  format: LatencyDeltaFormat = {},
): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "—";
  const wanted = format.unit ?? "ms";
  const unit = wanted === "auto" ? (Math.abs(seconds) < 1e-3 ? "us" : "ms") : wanted;
  const scaled = Math.abs(seconds) * UNIT_SCALE[unit];
  const text =
    format.digits === undefined ? formatSignificant(scaled) : scaled.toFixed(format.digits);
  const sign = Number(text) === 0 ? "" : seconds < 0 ? MINUS : "+";
  return `${sign}${text} ${UNIT_LABEL[unit]}`;
}
