import type { Metadata } from "next";
import { SignedOut } from "~/components/signed-out";
import { SettingsView } from "~/features/settings/settings-view";
import { atLeast } from "~/lib/roles";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  const isAdmin = atLeast(current.role, "admin");
  const [members, invitations, tokens, secrets, events, channels] = await Promise.all([
    caller.members.list(),
    current.role === "owner" ? caller.members.listInvitations() : Promise.resolve([]),
    isAdmin ? caller.tokens.list() : Promise.resolve([]),
    isAdmin ? caller.secrets.list() : Promise.resolve([]),
    isAdmin ? caller.audit.list({ limit: 20 }) : Promise.resolve([]),
    isAdmin ? caller.alerts.listChannels() : Promise.resolve([]),
  ]);
  return (
    <SettingsView
      current={current}
      members={members}
      invitations={invitations}
      tokens={tokens}
      secrets={secrets}
      events={events}
      channels={channels}
    />
  );
}
