import { createTRPCRouter } from "../../trpc";
import { getRun } from "./get-run";
import { listRuns } from "./list-runs";

export const runsRouter = createTRPCRouter({ list: listRuns, get: getRun });
