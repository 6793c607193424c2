import { ZHealth } from "@meshbench/contracts";
import { publicProcedure } from "../../trpc";

export const checkHealth = publicProcedure
  .output(ZHealth)
  .query(({ ctx }) => ctx.services.health.check());
