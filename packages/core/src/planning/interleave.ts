import type { TTrialCoordinates } from "@meshbench/contracts";
import { randomIndex, type Rng } from "../stats/prng";
import { trialKey } from "../trials";
import { expandLoadCells, type TLoadCell } from "./expand-trials";
import type { TBenchmarkDefinition } from "@meshbench/contracts";

/** A trial to run: its key (computed once, here), coordinates, position and block. */
export type TPlannedTrial = {
  key: string;
  coordinates: TTrialCoordinates;
  sequence: number;
  block: number;
};

export type TInterleaving =
  | { mode: "round-robin" }
  /** Each block (one repetition of one cell) runs every variant once, in a shuffled order. */
  | { mode: "randomized-blocks"; rng: Rng };

function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomIndex(rng, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Orders the trials so drift (thermal, noisy neighbours, cache warm-up) hits every variant
 * alike: a block is one (repetition, cell) pair and holds each variant once; blocks run in
 * repetition order, so repetition r of every variant finishes before r+1 starts.
 * Randomised blocks shuffle the variant order inside each block and the cell order inside
 * each repetition, with the generator handed in (reproducible from a seed).
 */
export function planTrials(
  def: Pick<TBenchmarkDefinition, "variants" | "loadMatrix" | "repetitions">,
  interleaving: TInterleaving,
): TPlannedTrial[] {
  const cells = expandLoadCells(def.loadMatrix);
  const variants = def.variants.map((v) => v.name);
  const plan: TPlannedTrial[] = [];
  let block = 0;
  for (let repetition = 1; repetition <= def.repetitions; repetition++) {
    const cellOrder: TLoadCell[] =
      interleaving.mode === "randomized-blocks" ? shuffled(cells, interleaving.rng) : cells;
    for (const cell of cellOrder) {
      const order =
        interleaving.mode === "randomized-blocks" ? shuffled(variants, interleaving.rng) : variants;
      for (const variant of order) {
        const coordinates = { ...cell, variant, repetition };
        plan.push({ key: trialKey(coordinates), coordinates, sequence: plan.length, block });
      }
      block += 1;
    }
  }
  return plan;
}
