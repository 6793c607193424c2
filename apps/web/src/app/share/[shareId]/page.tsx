import type { Metadata } from "next";
import { SharedReport } from "~/features/share/shared-report";
import { isUnknownId, orNotFound } from "~/server/not-found";
import { api } from "~/trpc/server";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Shared report",
  robots: { index: false, follow: false },
};

/** Public, read-only, works signed out; unknown or revoked ids are a 404. */
export default async function SharedPage({ params }: { params: Promise<{ shareId: string }> }) {
  const { shareId } = await params;
  // Unknown, revoked or malformed ids are a 404; anything else (an outage) is the error page.
  const view = await orNotFound((await api()).share.view({ id: shareId }), isUnknownId);
  return <SharedReport shareId={shareId} view={view} />;
}
