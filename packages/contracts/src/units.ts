/**
 * Latencies and durations are stored in seconds (the load generators' unit) and shown in
 * milliseconds; these are the one conversion each way. A missing value stays missing.
 */
export function secondsToMs(seconds: number): number;
export function secondsToMs(seconds: number | null | undefined): number | null;
export function secondsToMs(seconds: number | null | undefined): number | null {
  return seconds === null || seconds === undefined ? null : seconds * 1000;
}

export function msToSeconds(ms: number): number {
  return ms / 1000;
}
