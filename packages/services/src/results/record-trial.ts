import type { TLoadGenerator, TTrialCoordinates, TTrialResult } from "@meshbench/contracts";
import { assessTrialValidity, trialKey } from "@meshbench/core";
import type { CompletedTrialInput } from "@meshbench/db";
import { importResult } from "@meshbench/formats";

/**
 * A load generator's output as the canonical result (formats' importers): its text, or the JSON
 * document an upload already parsed at the edge. Throws ImportError naming the field. The upload
 * path and the scheduler read every result through this.
 */
export function readTrialResult(
  output: string | Record<string, unknown>,
  format?: TLoadGenerator,
): TTrialResult {
  return importResult(output, format);
}

/**
 * A result as a trial to store: its key (the planned one, else computed here, once), and its
 * validity assessed by core's guards (one rule for all).
 */
export function assessedTrial(
  coordinates: TTrialCoordinates,
  sequence: number,
  result: TTrialResult,
  key = trialKey(coordinates),
): CompletedTrialInput {
  return {
    key,
    coordinates,
    sequence,
    result,
    validityFlags: assessTrialValidity(result),
  };
}
