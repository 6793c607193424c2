import type { TLoadGenerator, TTrialCoordinates, TTrialResult } from "@meshbench/contracts";
import { assessTrialValidity } from "@meshbench/core";
import type { CompletedTrialInput } from "@meshbench/db";
import { importResult } from "@meshbench/formats";

/**
 * A load generator's output as the canonical result (formats' importers); throws ImportError
 * naming the field. The upload path and the scheduler read every result through this.
 */
export function readTrialResult(text: string, format?: TLoadGenerator): TTrialResult {
  return importResult(text, format);
}

/** A result as a trial to store, with its validity assessed by core's guards (one rule for all). */
export function assessedTrial(
  coordinates: TTrialCoordinates,
  sequence: number,
  result: TTrialResult,
): CompletedTrialInput {
  return { coordinates, sequence, result, validityFlags: assessTrialValidity(result) };
}
