import { ZRunSource, ZRunStatus, type TRunListFilter } from "@meshbench/contracts";

export type RunListSearch = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) =>
  typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
const oneOf = <T extends string>(v: string | undefined, values: readonly T[]) =>
  values.find((x) => x === v);

/** The URL's filters and page cursor; unknown statuses and sources are no filter. */
export function parseRunListParams(search: RunListSearch) {
  const filter: TRunListFilter = {
    benchmarkKey: one(search.benchmark),
    clusterName: one(search.cluster),
    variant: one(search.variant),
    status: oneOf(one(search.status), ZRunStatus.options),
    source: oneOf(one(search.source), ZRunSource.options),
    gitBranch: one(search.branch),
  };
  const cursor = one(search.cursor);
  return {
    filter,
    /** The page asked for (shows the "first page" link), valid or not. */
    cursor,
    /** The cursor handed to the list query: ids only. */
    listCursor: cursor && /^[a-z0-9]+$/.test(cursor) ? cursor : null,
  };
}

/** The same filters one page on. */
export function nextPageHref(search: RunListSearch, nextCursor: string): string {
  const next = new URLSearchParams(
    Object.entries(search).flatMap(([k, v]) =>
      typeof v === "string" && k !== "cursor" ? [[k, v]] : [],
    ),
  );
  next.set("cursor", nextCursor);
  return `/runs?${next.toString()}`;
}
