import type { TDefinitionChange, TRunDefinition } from "@meshbench/contracts";
import Link from "next/link";

const show = (value: unknown) =>
  value === null || value === undefined
    ? "—"
    : typeof value === "string"
      ? value.length > 120
        ? `${value.slice(0, 117)}…`
        : value
      : JSON.stringify(value);

function Changes({ changes }: { changes: TDefinitionChange[] }) {
  return (
    <div className="table-scroll">
      <table className="data" aria-label="Changes since this run" data-testid="definition-diff">
        <thead>
          <tr>
            <th className="left">Path</th>
            <th className="left">As run</th>
            <th className="left">Now</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c) => (
            <tr key={c.path} data-path={c.path}>
              <td className="left num">{c.path}</td>
              <td className="left wrap small">{show(c.before)}</td>
              <td className="left wrap small">{show(c.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * "Definition as run": what the run was created with (it never changes), where it came from, and
 * — when the benchmark was edited since — every path that differs, old → new.
 */
export function DefinitionAsRun({ view }: { view: TRunDefinition }) {
  const snapshot = view.snapshot;
  if (!snapshot)
    return (
      <section data-testid="definition-as-run">
        <h2>Definition as run</h2>
        <p className="muted">This run has no definition: its results were uploaded without one.</p>
      </section>
    );
  const def = snapshot.definition;
  const digests = Object.entries(snapshot.manifestDigests);
  return (
    <section data-testid="definition-as-run">
      <h2>Definition as run</h2>
      <p className="muted small">
        {view.source === "reconstructed"
          ? "Reconstructed: this run is older than definition snapshots; it shows the definition its benchmark had when snapshots were introduced."
          : "Stored when the run was created: later edits of the benchmark do not change this run's report, verdict or exports."}
      </p>
      {view.benchmark ? (
        view.changes.length === 0 ? (
          <p data-testid="definition-unchanged">
            The benchmark{" "}
            <Link href={`/benchmarks/${encodeURIComponent(view.benchmark.key)}/history`}>
              {view.benchmark.key}
            </Link>{" "}
            is unchanged since this run{view.benchmark.archived ? " (archived)" : ""}.
          </p>
        ) : (
          <>
            <p role="status">
              The benchmark {view.benchmark.key} changed since this run: {view.changes.length} path
              {view.changes.length === 1 ? "" : "s"} differ.
            </p>
            <Changes changes={view.changes} />
          </>
        )
      ) : null}
      <details>
        <summary>
          {def.name}: {def.variants.map((v) => `${v.name} (${v.mesh})`).join(", ")} ·{" "}
          {def.repetitions} repetitions of {def.durationSeconds} s, warm-up {def.warmupSeconds} s
          {def.template ? ` · template ${def.template}` : ""}
        </summary>
        <dl className="kv panel">
          <dt>Images</dt>
          <dd className="num">{snapshot.images.join(", ") || "—"}</dd>
          {digests.map(([path, digest]) => (
            <div key={path}>
              <dt>{path} sha256</dt>
              <dd className="num">{digest}</dd>
            </div>
          ))}
        </dl>
        <pre className="small wrap" data-testid="definition-json">
          {JSON.stringify(def, null, 2)}
        </pre>
      </details>
    </section>
  );
}
