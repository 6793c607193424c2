import type { TApiToken, TAuditEvent, TInvitation, TMember, TRole } from "@meshbench/contracts";
import { atLeast } from "~/lib/roles";
import { AuditLog } from "./audit-log";
import { MembersSection } from "./members-section";
import { TokensSection } from "./tokens-section";

/** The settings page: members (owners manage them), then tokens and the audit log for admins. */
export function SettingsView({
  current,
  members,
  invitations,
  tokens,
  events,
}: {
  current: { name: string; role: TRole };
  members: TMember[];
  invitations: TInvitation[];
  tokens: TApiToken[];
  events: TAuditEvent[];
}) {
  const isAdmin = atLeast(current.role, "admin");
  return (
    <>
      <h1>Settings</h1>
      <p className="muted">
        {current.name} — you are <strong data-testid="my-role">{current.role}</strong>.
      </p>
      <MembersSection
        members={members}
        invitations={invitations}
        canManage={current.role === "owner"}
      />
      {isAdmin && <TokensSection tokens={tokens} />}
      {isAdmin && <AuditLog events={events} members={members} />}
    </>
  );
}
