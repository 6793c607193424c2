import { createTRPCRouter } from "../../trpc";
import { importBundle } from "./import-bundle";
import { planRerun } from "./plan-rerun";
import { rerun } from "./rerun";

export const bundlesRouter = createTRPCRouter({
  import: importBundle,
  rerunPlan: planRerun,
  rerun,
});
