import type { TTrialResult } from "@meshbench/contracts";
import type { Format } from "../args";
import { CliError, EXIT, readInput, type CliIo } from "../io";

/** Reads and imports one file; the importer's complaint becomes a one-line exit-1 message. */
export async function importFile(io: CliIo, file: string, format?: Format): Promise<TTrialResult> {
  const text = await readInput(io, file);
  // Loaded on demand: only the local commands need the importers.
  const { ImportError, importResult } = await import("@meshbench/formats");
  try {
    return importResult(text, format);
  } catch (error) {
    if (error instanceof ImportError)
      throw new CliError(EXIT.invalidInput, `${file}: ${error.message.split("\n")[0]}`);
    throw error;
  }
}
