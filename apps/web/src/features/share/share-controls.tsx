"use client";
import type { TComparisonState, TShareLink } from "@meshbench/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "~/trpc/react";

type Target = { kind: "run"; runId: string } | { kind: "comparison"; comparison: TComparisonState };

/** Create, copy and revoke public read-only links to a run or a comparison. */
export function ShareControls({ target }: { target: Target }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listInput = target.kind === "run" ? { runId: target.runId } : {};
  const links = useQuery(trpc.share.list.queryOptions(listInput));
  const [created, setCreated] = useState<TShareLink | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.share.list.queryKey() });
  const create = useMutation(
    trpc.share.create.mutationOptions({
      onSuccess: (link) => {
        setCreated(link);
        void refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.share.revoke.mutationOptions({ onSuccess: () => void refresh() }),
  );
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const active = (links.data ?? []).filter(
    (l) => l.revokedAt === null && (target.kind === "run" || l.kind === "comparison"),
  );
  return (
    <section className="share panel" aria-label="Share">
      <button type="button" onClick={() => create.mutate(target)} disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create public link"}
      </button>
      {create.error ? (
        <p role="alert" className="bad">
          {create.error.message}
        </p>
      ) : null}
      {created ? (
        <p>
          Anyone with this link can view (read-only):{" "}
          <a href={`/share/${created.id}`} data-share-link>{`${origin}/share/${created.id}`}</a>
        </p>
      ) : null}
      {active.length > 0 ? (
        <ul className="share-links" aria-label="Active public links">
          {active.map((l) => (
            <li key={l.id}>
              <a href={`/share/${l.id}`}>/share/{l.id.slice(0, 8)}…</a>{" "}
              <span className="muted">
                created {l.createdAt.toISOString().slice(0, 16).replace("T", " ")}
              </span>{" "}
              <button
                type="button"
                onClick={() => revoke.mutate({ id: l.id })}
                disabled={revoke.isPending}
                aria-label={`Revoke link ${l.id.slice(0, 8)}`}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
