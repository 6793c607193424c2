import { createTRPCRouter } from "../../trpc";
import { getRunResultsProcedure } from "./get-run-results";
import { uploadResultsProcedure } from "./upload-results";

export const resultsRouter = createTRPCRouter({
  upload: uploadResultsProcedure,
  getRun: getRunResultsProcedure,
});
