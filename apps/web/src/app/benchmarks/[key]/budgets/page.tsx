import { ZBudgets } from "@meshbench/contracts";
import type { Metadata } from "next";
import Link from "next/link";
import { SignedOut } from "~/components/signed-out";
import { BudgetsEditor } from "~/features/budgets/budgets-editor";
import { atLeast } from "~/lib/roles";
import { orNotFound } from "~/server/not-found";
import { api } from "~/trpc/server";

type Props = { params: Promise<{ key: string }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Budgets — ${decodeURIComponent((await params).key)}` };
}

/** A benchmark's verdict budgets: admins edit them, everyone else reads them. */
export default async function BudgetsPage({ params }: Props) {
  const key = decodeURIComponent((await params).key);
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  // Stored budgets that no longer parse are refused (PRECONDITION_FAILED): the editor starts
  // from the defaults and saving replaces them.
  const stored = await orNotFound(
    caller.verdicts
      .budgets({ benchmarkKey: key })
      .then((b) => ({ budgets: b.budgets, invalid: false }))
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== "PRECONDITION_FAILED") throw error;
        return { budgets: ZBudgets.parse({}), invalid: true };
      }),
  );
  const budgets = stored.budgets;
  return (
    <>
      <h1>Budgets of {key}</h1>
      <p className="muted">
        CI verdicts judge each run against these.{" "}
        <Link href={`/benchmarks/${encodeURIComponent(key)}/history`}>History</Link>
      </p>
      {stored.invalid ? (
        <p role="alert" className="bad">
          The stored budgets no longer parse; saving replaces them.
        </p>
      ) : null}
      {atLeast(current.role, "admin") ? (
        <BudgetsEditor benchmarkKey={key} initial={budgets} />
      ) : (
        <pre className="panel small" data-testid="budgets-json">
          {JSON.stringify(budgets, null, 2)}
        </pre>
      )}
    </>
  );
}
