import type { Metadata } from "next";
import { SignedOut } from "~/components/signed-out";
import { ImportBundle } from "~/features/records/import-bundle";
import { atLeast } from "~/lib/roles";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Import a bundle" };
export const dynamic = "force-dynamic";

export default async function ImportBundlePage() {
  const current = await (await api()).workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  return (
    <>
      <h1>Import a reproducibility bundle</h1>
      <p className="muted">
        A bundle exported from a run page (here or in another workspace) becomes a read-only run
        here that renders the same report.
      </p>
      {atLeast(current.role, "member") ? (
        <ImportBundle />
      ) : (
        <p className="muted">Members import bundles; viewers read them.</p>
      )}
    </>
  );
}
