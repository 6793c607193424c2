import { createHash } from "node:crypto";
import {
  ZDefinitionSnapshot,
  ZImportedFrom,
  type TBenchmarkDefinition,
  type TDefinitionSnapshot,
  type TImportedFrom,
} from "@meshbench/contracts";
import { snapshotDigest, snapshotOf } from "@meshbench/core";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The snapshot a new run stores of its benchmark's definition (core snapshotOf with sha256). */
export const definitionSnapshot = (def: TBenchmarkDefinition) => snapshotOf(def, sha256);

/** A stored snapshot's identity (sha256 of its canonical JSON): report caches key on it. */
export const definitionDigest = (snapshot: TDefinitionSnapshot) => snapshotDigest(snapshot, sha256);

/** Run.definition back into the typed snapshot; null when absent or no longer readable. */
export function readSnapshot(json: unknown): TDefinitionSnapshot | null {
  if (json === null || json === undefined) return null;
  const parsed = ZDefinitionSnapshot.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Run.importedFrom back into its type; null for runs that were not imported. */
export function readImportedFrom(json: unknown): TImportedFrom | null {
  if (json === null || json === undefined) return null;
  const parsed = ZImportedFrom.safeParse(json);
  return parsed.success ? parsed.data : null;
}
