import type { TRunListItem } from "@meshbench/contracts";
import type { TRunFilterOptions, TRunListFilter } from "@meshbench/contracts";
import { RunFilters } from "./run-filters";
import { nextPageHref, type RunListSearch } from "./run-list-params";
import { RunsTable } from "./runs-table";

/** The runs page: the filter form, one page of runs, and links to the first and next pages. */
export function RunsList({
  runs,
  nextCursor,
  options,
  filter,
  cursor,
  search,
}: {
  runs: TRunListItem[];
  nextCursor: string | null;
  options: TRunFilterOptions;
  filter: TRunListFilter;
  cursor: string | undefined;
  search: RunListSearch;
}) {
  return (
    <>
      <h1>Runs</h1>
      <p className="muted">
        Every benchmark run: scheduled on a cluster, uploaded from CI, or imported.
      </p>
      <RunFilters options={options} values={filter} />
      <RunsTable runs={runs} filtered={Object.values(filter).some(Boolean)} />
      <nav className="pager" aria-label="Pages">
        {cursor ? <a href="/runs">« First page</a> : null}
        {nextCursor ? <a href={nextPageHref(search, nextCursor)}>Next page »</a> : null}
      </nav>
    </>
  );
}
