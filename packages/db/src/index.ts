export { createPrismaClient, type Database } from "./client";
export { checkDatabase } from "./health";
export { createRunRepository, type RunRepository, type CreateRunInput, type CompletedTrialInput } from "./repositories/run-repository";
export { createWorkspaceRepository, type WorkspaceRepository } from "./repositories/workspace-repository";
export { trialKey } from "./repositories/trial-key";
