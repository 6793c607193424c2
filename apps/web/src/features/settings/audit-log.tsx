import type { TAuditEvent, TMember } from "@meshbench/contracts";

/** The workspace's latest audit events; the actor by token id or by the member's email. */
export function AuditLog({ events, members }: { events: TAuditEvent[]; members: TMember[] }) {
  return (
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
              <td className="left">{e.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td>
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
  );
}
