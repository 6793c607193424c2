import { createTRPCRouter } from "../../trpc";
import { createBenchmark } from "./create-benchmark";
import { createFromTemplate } from "./create-from-template";
import { estimateBenchmark } from "./estimate-benchmark";
import { getBenchmark } from "./get-benchmark";
import { listBenchmarks } from "./list-benchmarks";
import { updateBenchmark } from "./update-benchmark";

export const benchmarksRouter = createTRPCRouter({
  list: listBenchmarks,
  get: getBenchmark,
  create: createBenchmark,
  createFromTemplate,
  update: updateBenchmark,
  estimate: estimateBenchmark,
});
