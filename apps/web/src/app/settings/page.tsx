import { roleAtLeast } from "@meshbench/contracts";
import type { Metadata } from "next";
import { MembersSection } from "~/components/settings/members-section";
import { TokensSection } from "~/components/settings/tokens-section";
import { SignedOut } from "~/components/signed-out";
import { api } from "~/trpc/server";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const caller = await api();
  const current = await caller.workspaces.current().catch(() => null);
  if (!current) return <SignedOut />;
  const isOwner = current.role === "owner";
  const isAdmin = roleAtLeast(current.role, "admin");
  const [members, invitations, tokens, events] = await Promise.all([
    caller.members.list(),
    isOwner ? caller.members.listInvitations() : Promise.resolve([]),
    isAdmin ? caller.tokens.list() : Promise.resolve([]),
    isAdmin ? caller.audit.list({ limit: 20 }) : Promise.resolve([]),
  ]);
  return (
    <>
      <h1>Settings</h1>
      <p className="muted">
        {current.name} — you are <strong data-testid="my-role">{current.role}</strong>.
      </p>
      <MembersSection members={members} invitations={invitations} canManage={isOwner} />
      {isAdmin && <TokensSection tokens={tokens} />}
      {isAdmin && (
        <>
          <h2>Audit log</h2>
          <table className="data" aria-label="Audit log">
            <thead>
              <tr>
                <th>When</th>
                <th className="left">Action</th>
                <th className="left">Target</th>
                <th className="left">By</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id}>
                  <td className="left">
                    {e.createdAt.toISOString().replace("T", " ").slice(0, 19)}
                  </td>
                  <td className="left">{e.action}</td>
                  <td className="left">
                    {e.targetType} {e.targetId}
                  </td>
                  <td className="left">
                    {e.actorTokenId
                      ? `token ${e.actorTokenId}`
                      : (members.find((m) => m.userId === e.actorUserId)?.email ??
                        e.actorUserId ??
                        "—")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
