import { createTRPCRouter } from "../../trpc";
import { checkHealth } from "./check-health";

export const healthRouter = createTRPCRouter({ check: checkHealth });
