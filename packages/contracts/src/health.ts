import { z } from "zod";

/** The app's own health: degraded when the database does not answer. */
export const ZHealth = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ ok: z.boolean(), latencyMs: z.number().optional() }),
});
export type THealth = z.infer<typeof ZHealth>;
