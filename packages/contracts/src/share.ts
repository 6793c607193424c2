import { z } from "zod";
import { ZLevelReport, ZRunReport } from "./report";
import { ZId } from "./run";
import { ZRunEnvironmentCheck } from "./noise";

/**
 * One series of a comparison: a variant at a load level inside a run. The whole comparison state
 * lives in the URL (`?s=<run>~<variant>~<level>&s=…&ref=<index>`), so the URL is a permalink.
 */
export const ZComparisonItem = z.object({
  runId: ZId,
  variant: z.string().min(1).max(63),
  levelKey: z.string().min(1).max(120),
  /** One repetition only (drill-down); all repetitions pooled when absent. */
  repetition: z.number().int().positive().optional(),
});
export type TComparisonItem = z.infer<typeof ZComparisonItem>;

export const ZComparisonState = z.object({
  items: z.array(ZComparisonItem).min(1).max(12),
  reference: z.number().int().nonnegative().default(0),
});
export type TComparisonState = z.infer<typeof ZComparisonState>;

/** A comparison computed on the server: one table + one set of curves over all items. */
export const ZComparisonReport = z.object({
  state: ZComparisonState,
  runs: z.array(z.object({ id: ZId, title: z.string() })),
  table: ZLevelReport,
  /** Environment fingerprints of the compared runs: differences from the first run. */
  environments: z.array(ZRunEnvironmentCheck).optional(),
});
export type TComparisonReport = z.infer<typeof ZComparisonReport>;

/** Run choices for the compare picker: each run's variants and levels. */
export const ZComparableRun = z.object({
  id: ZId,
  title: z.string(),
  createdAt: z.date(),
  variants: z.array(z.string()),
  levels: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type TComparableRun = z.infer<typeof ZComparableRun>;

export const ZShareKind = z.enum(["run", "comparison"]);
/** Share ids are 256-bit random tokens in base64url (43 characters). */
export const ZShareId = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, "must be a share id");

export const ZShareLink = z.object({
  id: ZShareId,
  kind: ZShareKind,
  runId: z.string().nullable(),
  comparison: ZComparisonState.nullable(),
  createdAt: z.date(),
  revokedAt: z.date().nullable(),
});
export type TShareLink = z.infer<typeof ZShareLink>;

export type TCreateShareInput =
  { kind: "run"; runId: string } | { kind: "comparison"; comparison: TComparisonState };

/**
 * A link to a run (`runId`) or a comparison (`comparison`), parsed into the union the service
 * takes. One object rather than a union on the wire: REST bodies (and their OpenAPI document)
 * are objects whose fields a client can read.
 */
export const ZCreateShareInput = z
  .object({
    kind: ZShareKind,
    runId: ZId.optional(),
    comparison: ZComparisonState.optional(),
  })
  .transform((input, ctx): TCreateShareInput => {
    if (input.kind === "run" && input.runId) return { kind: "run", runId: input.runId };
    if (input.kind === "comparison" && input.comparison)
      return { kind: "comparison", comparison: input.comparison };
    const field = input.kind === "run" ? "runId" : "comparison";
    ctx.addIssue({ code: "custom", path: [field], message: `required for a ${input.kind} link` });
    return z.NEVER;
  });

/** What a logged-out visitor of /share/<id> gets: read-only, sanitized. */
export const ZSharedView = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("run"), report: ZRunReport }),
  z.object({ kind: z.literal("comparison"), report: ZComparisonReport }),
]);
export type TSharedView = z.infer<typeof ZSharedView>;
