"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { authClient } from "~/lib/auth-client";

type Workspace = { id: string; name: string; role: string };

export function WorkspaceSwitcher(props: {
  email: string;
  currentId: string | null;
  workspaces: Workspace[];
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const go = (path: string) => {
    router.replace(path);
    router.refresh();
  };

  async function switchTo(organizationId: string) {
    const result = await authClient.organization.setActive({ organizationId });
    if (result.error) setError(result.error.message ?? "Could not switch");
    else go("/runs");
  }

  async function create() {
    const name = window.prompt("Name of the new workspace")?.trim();
    if (!name) return;
    const slug = `${name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40)}-${Math.random().toString(36).slice(2, 8)}`;
    const created = await authClient.organization.create({ name, slug });
    if (created.error) return setError(created.error.message ?? "Could not create");
    await switchTo(created.data.id);
  }

  async function signOut() {
    await authClient.signOut();
    go("/sign-in");
  }

  return (
    <div className="user-menu">
      <label className="muted">
        Workspace{" "}
        <select
          aria-label="Workspace"
          value={props.currentId ?? ""}
          onChange={(e) =>
            e.target.value === "__new" ? void create() : void switchTo(e.target.value)
          }
        >
          {props.currentId === null && <option value="">(none)</option>}
          {props.workspaces.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name} ({w.role})
            </option>
          ))}
          <option value="__new">+ New workspace…</option>
        </select>
      </label>
      <span className="muted" data-testid="signed-in-as">
        {props.email}
      </span>
      <button type="button" className="link-button" onClick={() => void signOut()}>
        Sign out
      </button>
      {error && (
        <span role="alert" className="slower">
          {error}
        </span>
      )}
    </div>
  );
}
