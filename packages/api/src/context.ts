import type { checkDatabase, RunRepository, WorkspaceRepository } from "@meshbench/db";

export type Role = "owner" | "admin" | "member" | "viewer";

/** Who is calling, resolved once per request (session cookie, API token, or local mode). */
export type Actor = {
  userId: string | null;
  workspaceId: string;
  role: Role;
  via: "session" | "token" | "local";
};

/** Services are injected, so tests build a caller over a real database without module mocks. */
export type Services = {
  runs: RunRepository;
  workspaces: WorkspaceRepository;
  checkDatabase: () => ReturnType<typeof checkDatabase>;
};

export type Context = {
  services: Services;
  actor: Actor | null;
};

export function createContext(input: Context): Context {
  return input;
}
