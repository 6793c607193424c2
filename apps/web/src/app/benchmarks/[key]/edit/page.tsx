import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SignedOut } from "~/components/signed-out";
import { EditBenchmark } from "~/features/benchmarks/edit-benchmark";
import { api } from "~/trpc/server";

type Props = { params: Promise<{ key: string }> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Edit — ${decodeURIComponent((await params).key)}` };
}

export default async function EditBenchmarkPage({ params }: Props) {
  const key = decodeURIComponent((await params).key);
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  // A benchmark a CI upload created has no definition to edit: NOT_FOUND like an unknown key.
  const detail = await caller.benchmarks.get({ benchmarkKey: key }).catch(() => null);
  if (!detail) notFound();
  return <EditBenchmark benchmarkKey={key} detail={detail} role={current.role} />;
}
