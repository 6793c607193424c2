import { z } from "zod";
import { publicProcedure } from "../../trpc";

export const checkHealth = publicProcedure
  .output(
    z.object({
      status: z.enum(["ok", "degraded"]),
      database: z.object({ ok: z.boolean(), latencyMs: z.number().optional() }),
    }),
  )
  .query(async ({ ctx }) => {
    const database = await ctx.services.checkDatabase();
    return {
      status: database.ok ? ("ok" as const) : ("degraded" as const),
      database: database.ok ? { ok: true, latencyMs: database.latencyMs } : { ok: false },
    };
  });
