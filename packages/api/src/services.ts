import { checkDatabase, createRunRepository, createWorkspaceRepository, type Database } from "@meshbench/db";
import type { Services } from "./context";

/** Wires repositories over one database client; apps call this once at start-up. */
export function createServices(db: Database): Services {
  return {
    runs: createRunRepository(db),
    workspaces: createWorkspaceRepository(db),
    checkDatabase: () => checkDatabase(db),
  };
}
