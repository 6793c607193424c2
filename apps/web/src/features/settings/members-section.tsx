"use client";
import { ROLES, type TInvitation, type TMember, type TRole } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";

export function MembersSection(props: {
  members: TMember[];
  invitations: TInvitation[];
  canManage: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [lastLink, setLastLink] = useState<string | null>(null);
  const done = {
    onSuccess: () => router.refresh(),
    onError: (e: { message: string }) => setError(e.message),
  };
  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      ...done,
      onSuccess: (i) => (setLastLink(i.link), router.refresh()),
    }),
  );
  const changeRole = useMutation(trpc.members.changeRole.mutationOptions(done));
  const remove = useMutation(trpc.members.remove.mutationOptions(done));
  const cancel = useMutation(trpc.members.cancelInvitation.mutationOptions(done));

  function onInvite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    invite.mutate({ email: text("email"), role: text("role") as TRole });
  }

  return (
    <section aria-label="Members">
      <h2>Members</h2>
      <table className="data" aria-label="Members">
        <thead>
          <tr>
            <th>Name</th>
            <th className="left">Email</th>
            <th className="left">Role</th>
            {props.canManage && <th />}
          </tr>
        </thead>
        <tbody>
          {props.members.map((m) => (
            <tr key={m.id} data-member-email={m.email}>
              <td>{m.name}</td>
              <td className="left">{m.email}</td>
              <td className="left">
                {props.canManage ? (
                  <select
                    aria-label={`Role of ${m.email}`}
                    value={m.role}
                    onChange={(e) =>
                      changeRole.mutate({ memberId: m.id, role: e.target.value as TRole })
                    }
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {r}
                      </option>
                    ))}
                  </select>
                ) : (
                  m.role
                )}
              </td>
              {props.canManage && (
                <td>
                  <button
                    type="button"
                    className="danger"
                    onClick={() => remove.mutate({ memberId: m.id })}
                  >
                    Remove
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {error && (
        <p role="alert" className="slower">
          {error}
        </p>
      )}
      {props.canManage && (
        <>
          <form className="settings-form" onSubmit={onInvite} aria-label="Invite">
            <label>
              Email
              <input name="email" type="email" required />
            </label>
            <label>
              Role
              <select name="role" defaultValue="member">
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" disabled={invite.isPending}>
              Invite
            </button>
          </form>
          {lastLink && (
            <p>
              Invitation link (also mailed): <code data-testid="invite-link">{lastLink}</code>
            </p>
          )}
          {props.invitations.length > 0 && (
            <table className="data" aria-label="Pending invitations">
              <thead>
                <tr>
                  <th>Email</th>
                  <th className="left">Role</th>
                  <th className="left">Expires</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {props.invitations.map((i) => (
                  <tr key={i.id}>
                    <td>{i.email}</td>
                    <td className="left">{i.role}</td>
                    <td className="left">{i.expiresAt.toISOString().slice(0, 10)}</td>
                    <td>
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => cancel.mutate({ invitationId: i.id })}
                      >
                        Cancel
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
