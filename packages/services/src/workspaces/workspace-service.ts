import type { TActorVia, TCurrentWorkspace, TRole } from "@meshbench/contracts";
import type { MembershipRepository, WorkspaceRepository } from "@meshbench/db";

/** The caller as the API resolved it (a session user, or an API token with no user). */
export type WorkspaceCaller = {
  userId: string | null;
  workspaceId: string;
  role: TRole;
  via: TActorVia;
};

export function createWorkspaceService(deps: {
  workspaces: WorkspaceRepository;
  members: MembershipRepository;
}) {
  return {
    /** The caller's active workspace and role, plus the other workspaces a session caller has. */
    async current(caller: WorkspaceCaller): Promise<TCurrentWorkspace> {
      const mine = caller.userId ? await deps.members.workspacesOf(caller.userId) : [];
      const current =
        mine.find((w) => w.id === caller.workspaceId) ??
        (await deps.workspaces.getById(caller.workspaceId));
      return {
        id: caller.workspaceId,
        slug: current?.slug ?? "",
        name: current?.name ?? "",
        role: caller.role,
        via: caller.via,
        workspaces: mine,
      };
    },
  };
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
