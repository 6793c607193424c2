import "server-only";
import type { Actor, Services } from "@meshbench/api";
import { env } from "~/env";

/**
 * Resolves the caller. Until sign-in lands, local mode acts as the owner of the local
 * workspace; production mode has no actor, so every workspace procedure answers UNAUTHORIZED.
 */
export async function resolveActor(services: Services, _headers: Headers): Promise<Actor | null> {
  if (env.MESHBENCH_MODE !== "local") return null;
  const workspace = await services.workspaces.findBySlug(env.MESHBENCH_LOCAL_WORKSPACE);
  if (!workspace) return null;
  return { userId: null, workspaceId: workspace.id, role: "owner", via: "local" };
}
