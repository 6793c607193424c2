import "server-only";
import { headers } from "next/headers";
import { getAuth } from "~/server/auth";
import { getServices } from "~/server/services";
import { resolveActor } from "~/server/actor";
import { WorkspaceSwitcher } from "./workspace-switcher";

/** Header corner: the signed-in user, their workspaces (switch or create) and sign-out. */
export async function UserMenu() {
  const requestHeaders = new Headers(await headers());
  const session = await getAuth()
    .api.getSession({ headers: requestHeaders })
    .catch(() => null);
  if (!session) return null;
  const services = getServices();
  const [workspaces, actor] = await Promise.all([
    services.members.workspacesOf(session.user.id),
    resolveActor(services, requestHeaders),
  ]);
  return (
    <WorkspaceSwitcher
      email={session.user.email}
      currentId={actor?.workspaceId ?? null}
      workspaces={workspaces.map((w) => ({ id: w.id, name: w.name, role: w.role }))}
    />
  );
}
