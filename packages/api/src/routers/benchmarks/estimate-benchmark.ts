import { ZLoadMatrix, ZVariant } from "@meshbench/contracts";
import { countTrials, estimateRunSeconds } from "@meshbench/core";
import { z } from "zod";
import { viewerProcedure } from "../../trpc";

/** The parts of a definition that decide its size; the editor asks while the user types. */
const ZEstimateInput = z.object({
  variants: z.array(ZVariant).min(1).max(12),
  loadMatrix: ZLoadMatrix,
  repetitions: z.number().int().min(1).max(100),
  durationSeconds: z.number().int().min(1).max(3600),
  warmupSeconds: z.number().int().min(0).max(600),
});

export const estimateBenchmark = viewerProcedure
  .input(ZEstimateInput)
  .output(z.object({ trialCount: z.number().int(), estimatedSeconds: z.number() }))
  .query(({ input }) => ({
    trialCount: countTrials(input),
    estimatedSeconds: estimateRunSeconds(input),
  }));
