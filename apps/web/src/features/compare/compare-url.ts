import type { TComparisonItem, TComparisonState } from "@meshbench/contracts";

/** The compare page's whole state as a URL: `?s=<run>~<variant>~<level>[~<repetition>]&…&ref=<index>`. */
export function compareHref(items: TComparisonItem[], reference: number): string {
  const params = new URLSearchParams();
  for (const i of items)
    params.append(
      "s",
      [i.runId, i.variant, i.levelKey, ...(i.repetition ? [i.repetition] : [])].join("~"),
    );
  params.set("ref", String(reference));
  return `/compare?${params.toString()}`;
}

/** Parses the URL state; null when there is none, "invalid" when it is malformed. */
export function parseCompareParams(params: {
  s?: string | string[];
  ref?: string;
}): TComparisonState | null | "invalid" {
  const raw = params.s === undefined ? [] : Array.isArray(params.s) ? params.s : [params.s];
  if (raw.length === 0) return null;
  const items: TComparisonItem[] = [];
  for (const s of raw) {
    const [runId, variant, levelKey, rep, ...rest] = s.split("~");
    const repetition = rep === undefined ? undefined : Number(rep);
    if (!runId || !variant || !levelKey || rest.length > 0) return "invalid";
    if (repetition !== undefined && !(Number.isInteger(repetition) && repetition > 0))
      return "invalid";
    items.push({ runId, variant, levelKey, ...(repetition ? { repetition } : {}) });
  }
  const reference = Number(params.ref ?? 0);
  if (!Number.isInteger(reference) || reference < 0 || reference >= items.length) return "invalid";
  return { items, reference };
}
