import type {
  TAlertChannelView,
  TApiToken,
  TAuditEvent,
  TInvitation,
  TMember,
  TRole,
  TWorkspaceSecretView,
} from "@meshbench/contracts";
import { atLeast } from "~/lib/roles";
import { ChannelsSection } from "~/features/alerts/channels-section";
import { AuditLog } from "./audit-log";
import { MembersSection } from "./members-section";
import { RetentionSection } from "./retention-section";
import { SecretsSection } from "./secrets-section";
import { TokensSection } from "./tokens-section";

/** The settings page: members (owners manage them), then tokens, secrets, alert channels and the audit log for admins. */
export function SettingsView({
  current,
  members,
  invitations,
  tokens,
  secrets,
  events,
  channels,
}: {
  current: { name: string; role: TRole };
  members: TMember[];
  invitations: TInvitation[];
  tokens: TApiToken[];
  secrets: TWorkspaceSecretView[];
  events: TAuditEvent[];
  channels: TAlertChannelView[];
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
      {isAdmin && <SecretsSection secrets={secrets} />}
      {isAdmin && <ChannelsSection channels={channels} />}
      {isAdmin && <RetentionSection />}
      {isAdmin && <AuditLog events={events} members={members} />}
    </>
  );
}
