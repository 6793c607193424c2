import type {
  TLoadGenerator,
  TMeshKind,
  TTopology,
  TTrialCoordinates,
  TTrialResult,
} from "@meshbench/contracts";
import {
  assessTrialValidity,
  judgePath,
  type PathReadings,
  pathValidityFlags,
  trafficOf,
  trialKey,
} from "@meshbench/core";
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

/** A scheduled trial's path: the variant's declared topology and the counters around the trial. */
export type TrialPath = {
  mesh: TMeshKind;
  topology: TTopology;
  before: PathReadings;
  after: PathReadings;
};

/**
 * A result as a trial to store: its key (the planned one, else computed here, once), and its
 * validity assessed by core's guards (one rule for all). With a path, core's judgePath compares
 * the mesh's counters with what the result says was sent: a trial whose traffic did not take the
 * declared path is flagged invalid, so its numbers are never reported as the mesh's cost.
 */
export function assessedTrial(
  coordinates: TTrialCoordinates,
  sequence: number,
  result: TTrialResult,
  key = trialKey(coordinates),
  path?: TrialPath,
): CompletedTrialInput {
  const pathCheck = path ? judgePath({ ...path, sent: trafficOf(result) }) : null;
  return {
    key,
    coordinates,
    sequence,
    result,
    validityFlags: [
      ...assessTrialValidity(result),
      ...(pathCheck ? pathValidityFlags(pathCheck) : []),
    ],
    pathCheck,
  };
}
