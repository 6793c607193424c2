import { ZEstimate, ZEstimateInput } from "@meshbench/contracts";
import { viewerProcedure } from "../../trpc";

/** The parts of a definition that decide its size; the editor asks while the user types. */
export const estimateBenchmark = viewerProcedure
  .input(ZEstimateInput)
  .output(ZEstimate)
  .query(({ ctx, input }) => ctx.services.benchmarks.estimate(input));
