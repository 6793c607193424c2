import type { TRole, TTemplateSummary } from "@meshbench/contracts";
import { atLeast } from "~/lib/roles";
import { NewFromTemplate } from "./new-from-template";

/** The new-benchmark page: a template picker over a blank editor, or a note for viewers. */
export function NewBenchmark({ role, templates }: { role: TRole; templates: TTemplateSummary[] }) {
  return (
    <>
      <h1>New benchmark</h1>
      {atLeast(role, "member") ? (
        <NewFromTemplate templates={templates} canGenerateJwt={atLeast(role, "admin")} />
      ) : (
        <div className="empty">
          Viewers cannot create benchmarks; ask an admin for the member role.
        </div>
      )}
    </>
  );
}
