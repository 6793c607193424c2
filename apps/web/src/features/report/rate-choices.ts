import type { TTrialRow } from "@meshbench/contracts";

/** One trial the "Throughput over time" picker offers: its id and how the picker names it. */
export type RateTrialChoice = { id: string; label: string };

/**
 * The picker's choices, made on the server: the succeeded trials' ids and names only (the page
 * handed the panel every trial row whole, 72 KiB of a 100-trial run page: issue 27).
 */
export function rateTrialChoices(trials: readonly TTrialRow[]): RateTrialChoice[] {
  return trials
    .filter((t) => t.status === "succeeded")
    .map((t) => ({
      id: t.id,
      label: `${t.variant} · ${t.requestedQps ?? "max"} QPS · ${t.connections} conns · rep ${t.repetition}`,
    }));
}
