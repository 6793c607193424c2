import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SignedOut } from "~/components/signed-out";
import { parseCompareParams } from "~/features/compare/compare-url";
import { CompareView } from "~/features/compare/compare-view";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Compare" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ s?: string | string[]; ref?: string }> };

/** The whole state is in the URL (`s` items, `ref` reference), so this page's URL is a permalink. */
export default async function ComparePage({ searchParams }: Props) {
  const state = parseCompareParams(await searchParams);
  if (state === "invalid") notFound();
  const caller = await api();
  const comparable = await caller.reports.comparableRuns({ limit: 10 }).catch(() => null);
  if (!comparable) return <SignedOut />;
  const report = state ? await caller.reports.compare(state).catch(() => null) : null;
  if (state && !report) notFound();
  return <CompareView runs={comparable} state={state} report={report} />;
}
