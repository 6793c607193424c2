import {
  ZRunSource,
  ZRunStatus,
  type TRunFilterOptions,
  type TRunListFilter,
} from "@meshbench/contracts";

function Select({
  name,
  label,
  value,
  values,
  labels,
}: {
  name: string;
  label: string;
  value?: string;
  values: readonly string[];
  labels?: Record<string, string>;
}) {
  return (
    <label>
      {label}{" "}
      <select name={name} defaultValue={value ?? ""}>
        <option value="">any</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labels?.[v] ?? v}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A GET form: filters live in the URL, so a filtered list can be bookmarked. */
export function RunFilters({
  options,
  values,
}: {
  options: TRunFilterOptions;
  values: TRunListFilter;
}) {
  return (
    <form method="get" action="/runs" className="filters panel" aria-label="Filter runs">
      <Select
        name="benchmark"
        label="Benchmark"
        value={values.benchmarkKey}
        values={options.benchmarkKeys}
      />
      <Select
        name="cluster"
        label="Cluster"
        value={values.clusterName}
        values={options.clusterNames}
      />
      <Select name="variant" label="Variant" value={values.variant} values={options.variants} />
      <Select name="status" label="Status" value={values.status} values={ZRunStatus.options} />
      <Select
        name="source"
        label="Source"
        value={values.source}
        values={ZRunSource.options}
        labels={{ scheduled: "scheduled", ci_upload: "CI", import: "import" }}
      />
      <Select
        name="branch"
        label="Git branch"
        value={values.gitBranch}
        values={options.gitBranches}
      />
      <button type="submit">Filter</button>
      <a href="/runs">Clear</a>
    </form>
  );
}
