"use client";
import type { TAlertChannelKind, TAlertChannelView } from "@meshbench/contracts";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "~/trpc/react";
import { field } from "./form-field";
import { DeliveryLog } from "./delivery-log";

const when = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

/**
 * The workspace's alert channels (admins): a signed webhook, a Slack incoming webhook or an
 * e-mail address. A webhook's signing secret is shown once, right after it was created.
 */
export function ChannelsSection({ channels }: { channels: TAlertChannelView[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [kind, setKind] = useState<TAlertChannelKind>("webhook");
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const onError = (e: { message: string }) => setError(e.message);
  const create = useMutation(
    trpc.alerts.createChannel.mutationOptions({
      onError,
      onSuccess: (r) => (setSecret(r.signingSecret), router.refresh()),
    }),
  );
  const remove = useMutation(
    trpc.alerts.deleteChannel.mutationOptions({ onError, onSuccess: () => router.refresh() }),
  );

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = field(form, "name").trim();
    const target = field(form, "target").trim();
    setError(null);
    setSecret(null);
    create.mutate(kind === "email" ? { kind, name, address: target } : { kind, name, url: target });
  }

  return (
    <section aria-label="Alert channels">
      <h2>Alert channels</h2>
      <p className="muted small">
        Where alert rules send: a webhook (JSON, signed with HMAC-SHA256 in{" "}
        <code>x-meshbench-signature</code> over <code>timestamp.body</code>), a Slack incoming
        webhook, or e-mail. Secrets are sealed and never shown again.
      </p>
      <form className="settings-form" onSubmit={onCreate} aria-label="Create channel">
        <label>
          Kind
          <select value={kind} onChange={(e) => setKind(e.target.value as TAlertChannelKind)}>
            <option value="webhook">webhook</option>
            <option value="slack">Slack</option>
            <option value="email">e-mail</option>
          </select>
        </label>
        <label>
          Name
          <input name="name" required maxLength={63} />
        </label>
        <label>
          {kind === "email" ? "Address" : "URL"}
          <input
            name="target"
            required
            type={kind === "email" ? "email" : kind === "slack" ? "password" : "url"}
            autoComplete="off"
          />
        </label>
        <button type="submit" disabled={create.isPending}>
          Create channel
        </button>
      </form>
      {secret && (
        <p role="status" data-testid="signing-secret">
          Signing secret (shown once): <code>{secret}</code>
        </p>
      )}
      {error && (
        <p role="alert" className="slower">
          {error}
        </p>
      )}
      <table className="data" aria-label="Alert channels">
        <thead>
          <tr>
            <th>Name</th>
            <th className="left">Kind</th>
            <th className="left">Target</th>
            <th className="left">Created</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {channels.map((c) => (
            <tr key={c.id}>
              <td>{c.name}</td>
              <td className="left">{c.kind}</td>
              <td className="left mono">{c.target}</td>
              <td className="left">{when(c.createdAt)}</td>
              <td>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => setOpen(open === c.id ? null : c.id)}
                >
                  Delivery log
                </button>{" "}
                <button
                  type="button"
                  className="danger"
                  onClick={() => remove.mutate({ channelId: c.id })}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open && <DeliveryLog channelId={open} />}
    </section>
  );
}
