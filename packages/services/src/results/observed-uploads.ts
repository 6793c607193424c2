import { createUploadRepository, type Database, type UploadRepository } from "@meshbench/db";

/** Wraps one stored upload; `trialsOf` tells how many trials it held (null: not stored there). */
export type IngestObserver = <T>(
  store: () => Promise<T>,
  trialsOf: (stored: T) => number | null,
) => Promise<T>;

export function observedUploads(
  db: Database,
  observe: IngestObserver | undefined,
): UploadRepository {
  const uploads = createUploadRepository(db);
  if (!observe) return uploads;
  return {
    ...uploads,
    createUploadRun: (workspaceId, input) =>
      observe(
        () => uploads.createUploadRun(workspaceId, input),
        (stored) => stored.trialKeys.length,
      ),
    storeTokenUploadRun: (gate, input, guard) =>
      observe(
        () => uploads.storeTokenUploadRun(gate, input, guard),
        (outcome) => (outcome.status === "stored" ? outcome.trialKeys.length : null),
      ),
  };
}
